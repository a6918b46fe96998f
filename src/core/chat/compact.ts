/**
 * The compact record: a run's tool chain as one readable assistant message. Each call is a
 * "[Tool Execution Log]" block (arguments with long strings shortened, the status, the first 200
 * characters of the result), and a context hint lists the variables that hold the full results.
 * Shown as a view, exported, and optionally sent as history instead of the native messages.
 */
import type { ParsedRequest, ToolExecutionResult } from '../types'
import type { RoundRecord, RunRecord } from './types'

/** Characters of a result a `[Tool Execution Log]` block keeps; the rest is counted, not shown. */
export const RESULT_PREVIEW_CHARS = 200
const LONG_STRING = 120
/** Arguments never shortened: ids and paths must stay exact to be useful. */
const EXACT_KEY = /(^|_)(id|ids|path|paths|name|url|file)$|(Id|Ids|Path|Paths|Name|Url|File)$/

const STATUS: Record<ToolExecutionResult['status'], string> = {
  success: '✓ Success',
  error: '✗ Error',
  denied: '⊘ Denied',
  timeout: '⏱ Timeout',
  aborted: '■ Aborted',
}

function shorten(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (value.length <= LONG_STRING || EXACT_KEY.test(key)) return value
    return `${value.slice(0, LONG_STRING)}… (${value.length - LONG_STRING} more characters)`
  }
  if (Array.isArray(value)) return value.map((item) => shorten(item, key))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, k)]))
  return value
}

function argumentsOf(request: ParsedRequest): unknown {
  return request.arguments !== undefined && request.arguments !== null && typeof request.arguments === 'object'
    ? request.arguments
    : request.args
}

/**
 * One call as a `[Tool Execution Log]` block: its arguments (long strings shortened, ids and paths
 * kept whole), its status and time ('not run' without a result), and the result's first characters.
 */
export function toolExecutionLog(request: ParsedRequest, result: ToolExecutionResult | undefined): string {
  const status = result ? `${STATUS[result.status]} (${Math.round(result.durationMs)} ms)` : 'not run'
  const text = result?.result ?? ''
  const preview =
    text.length > RESULT_PREVIEW_CHARS
      ? `${text.slice(0, RESULT_PREVIEW_CHARS)}… (${text.length - RESULT_PREVIEW_CHARS} more characters)`
      : text
  return [
    `**[Tool Execution Log]**: ${request.toolName}`,
    '```accesslog',
    `Arguments: ${JSON.stringify(shorten(argumentsOf(request)))}`,
    `Status: ${status}`,
    '',
    preview,
    '```',
  ].join('\n')
}

/** The reply's text with its request blocks (text protocols) taken out; they become log blocks. */
function prose(round: RoundRecord): string {
  let out = ''
  let at = 0
  for (const request of [...round.requests].sort((a, b) => a.start - b.start)) {
    if (request.end <= request.start) continue
    out += round.content.slice(at, request.start)
    at = request.end
  }
  return (out + round.content.slice(at)).replace(/\n{3,}/g, '\n\n').trim()
}

/** The variables of a run, as the context hint names them. */
export function runVariables(record: RunRecord): { toolName: string; args: string; result: string }[] {
  return record.rounds.flatMap((round) =>
    round.results
      .filter((result): result is ToolExecutionResult & { variable: string } => typeof result.variable === 'string')
      .map((result) => ({
        toolName: result.toolName,
        args: result.variable.replace(/\/result$/, '/args'),
        result: result.variable,
      })),
  )
}

/** A `<SYSTEM-CONTEXT>` note naming the variables that hold the run's arguments and results; '' when none do. */
export function contextHint(record: RunRecord): string {
  const variables = runVariables(record)
  if (variables.length === 0) return ''
  return [
    '<SYSTEM-CONTEXT>',
    'Tool results of this turn are kept in variables: read them with vars_ReadVar or pass them on with $VAR_REF{{name}}.',
    'Executed tools:',
    ...variables.map((v) => `- \`${v.toolName}\` (args=$VAR_REF{{${v.args}}}, result=$VAR_REF{{${v.result}}})`),
    '[WARNING] "[Tool Execution Log]" blocks are written by the system. Never write one yourself.',
    '</SYSTEM-CONTEXT>',
  ].join('\n')
}

/** A whole run as one compact message: the hint, then each round's prose and log blocks. */
export function compactTranscript(record: RunRecord): string {
  const parts: string[] = []
  const hint = contextHint(record)
  if (hint) parts.push(hint, '---')
  for (const round of record.rounds) {
    const text = prose(round)
    if (text) parts.push(text)
    for (const request of round.requests)
      parts.push(
        toolExecutionLog(
          request,
          round.results.find((r) => r.requestId === request.requestId),
        ),
      )
  }
  return parts.join('\n\n')
}
