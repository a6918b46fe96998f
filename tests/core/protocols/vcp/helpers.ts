import { parseToolRequests } from '../../../../src/core'
import type { ParseResult } from '../../../../src/core'

/** Parse and reduce to what a grammar rule is about. */
export function parse(text: string): ParseResult {
  return parseToolRequests(text)
}

export function codes(result: ParseResult): string[] {
  return result.diagnostics.map((d) => d.code)
}

export function block(body: string): string {
  return `<<<[TOOL_REQUEST]>>>\n${body}\n<<<[END_TOOL_REQUEST]>>>`
}
