/**
 * A native format as a parser: one-shot requests with ids, diagnostics with lines and columns
 * (requests.ts), and a streaming parser that shows a call as soon as its name is known
 * (stream.ts), whose end() is the one-shot parse of the whole text.
 */
import type { ParseOptions, StreamParser } from '../protocol'
import type { ParseResult } from '../../types'
import type { FormatContext, NativeFormat } from './format'
import { createRequestIdSession } from '../../request-ids'
import { toolHints } from './tool-hints'
import { requestsOf } from './requests'
import { createNativeStreamParser } from './stream'

/** A format's parser in the shape auto and `parseToolRequests` use. */
export interface NativeFormatParser {
  readonly id: string
  readonly label: string
  readonly format: NativeFormat
  parseToolRequests(text: string, options?: ParseOptions): ParseResult
  createStreamParser(options?: ParseOptions): StreamParser
}

/**
 * The parser of `format`. `trusted`: the caller says the text is in this format, so a format with
 * no delimiter of its own takes calls of any tool (see `FormatContext.trusted`).
 */
export function createNativeParser(format: NativeFormat, trusted = true): NativeFormatParser {
  return {
    id: format.id,
    label: format.label,
    format,
    parseToolRequests: (text, options = {}) =>
      requestsOf(format, text, options, contextFor(options, trusted), options.session ?? createRequestIdSession(), []),
    createStreamParser: (options = {}) => createNativeStreamParser(format, options, contextFor(options, trusted)),
  }
}

/** What a format reads with: the hints of the tools in `options`, and whether the text is trusted to be in it. */
export function contextFor(options: ParseOptions, trusted: boolean): FormatContext {
  return { tools: toolHints(options.tools), trusted }
}
