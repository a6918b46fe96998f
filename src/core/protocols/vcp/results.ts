/**
 * VCP result blocks: what goes back to the model after execution, and reading them back.
 */
import type { Diagnostic, ToolExecutionResult, ToolExecutionStatus } from '../../types'
import type { FormatResultsOptions } from '../protocol'
import { truncateHeadTail, truncationNote } from '../../text/truncate'
import { encodeValue } from './render'
import { scanVcpBlocks } from './blocks'

export const RESULT_BLOCK = 'TOOL_RESULT'
export function formatVcpResults(results: ToolExecutionResult[], options: FormatResultsOptions = {}): string {
  const limit = options.maxResultChars ?? 0
  return results.map((r) => formatOne(r, limit)).join('\n\n')
}

function formatOne(result: ToolExecutionResult, limit: number): string {
  const cut = truncateHeadTail(result.result, limit)
  const fields: [string, string][] = [
    ['request_id', result.requestId],
    ['tool_name', result.toolName],
    ['status', result.status],
    ['duration_ms', String(Math.round(result.durationMs))],
  ]
  const truncated = truncationNote(result, cut)
  if (truncated) fields.push(['truncated', truncated])
  fields.push(['result', cut.text])
  const body = fields.map(([key, value]) => `${key}:${encodeValue(value, RESULT_BLOCK).text}`).join(',\n')
  return `<<<[${RESULT_BLOCK}]>>>\n${body}\n<<<[END_${RESULT_BLOCK}]>>>`
}

/**
 * One `TOOL_RESULT` block read back. Missing fields read as '' or 0, and an unknown status as
 * 'error'; `variable`, `truncation` and `images` are not in the text and stay unset.
 */
export interface ParsedToolResult extends ToolExecutionResult {
  /** The `truncated` note when the result was cut. */
  truncated?: string
  /** The block's offsets in the text, end exclusive. */
  start: number
  end: number
}

const STATUSES: readonly ToolExecutionStatus[] = ['success', 'error', 'denied', 'timeout', 'aborted']

/** Reads result blocks back (for the record view and for tests of the round trip). */
export function parseVcpResults(text: string): { results: ParsedToolResult[]; diagnostics: Diagnostic[] } {
  const { blocks, diagnostics } = scanVcpBlocks(text, RESULT_BLOCK)
  const results = blocks.map((block): ParsedToolResult => {
    const get = (key: string): string | undefined => block.fields.findLast((f) => f.key === key)?.value
    const status = get('status') as ToolExecutionStatus | undefined
    const parsed: ParsedToolResult = {
      requestId: get('request_id') ?? '',
      toolName: get('tool_name') ?? '',
      status: status && STATUSES.includes(status) ? status : 'error',
      result: get('result') ?? '',
      durationMs: Number(get('duration_ms') ?? 0) || 0,
      start: block.start,
      end: block.end,
    }
    const truncated = get('truncated')
    if (truncated !== undefined) parsed.truncated = truncated
    return parsed
  })
  return { results, diagnostics }
}
