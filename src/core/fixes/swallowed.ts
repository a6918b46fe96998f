/** The hint for a broken block that swallows the calls after it. */
import { say } from '../messages'
import type { ParsedRequest } from '../types'
import { lineAt } from './edits'
import { callOpeners } from './openers'
import type { ReadingHint } from './types'

/** Codes that say a block was never closed where it should have been. */
const UNCLOSED_CODES = new Set([
  'missing-end-marker',
  'missing-closing-tag',
  'unterminated-value',
  'invalid-json',
  'unclosed-call',
  'unclosed-section',
  'unclosed-json',
])

/**
 * A hint when `request` is broken (invalid, or never closed) and its span holds the openers of
 * further calls (VCP, Hermes, `<tool_code>`, `{"tool_calls"`): they are read as part of it.
 */
export function swallowedHint(text: string, request: ParsedRequest): ReadingHint | null {
  const broken = !request.valid || request.diagnostics.some((d) => UNCLOSED_CODES.has(d.code))
  if (!broken) return null
  const openers = callOpeners(text, request.start + 1, request.end)
  const first = openers[0]
  if (!first) return null
  const line = lineAt(text, first.offset)
  const said =
    openers.length === 1
      ? say('hint.swallowed-one', { line })
      : say('hint.swallowed-many', { count: openers.length, line })
  return { kind: 'swallowed', ...said, requestStart: request.start, offset: first.offset, length: first.length }
}
