/**
 * Scoring one reply against its case: decode, check, and keep what the metrics need. The offline
 * lane scores BFCL-style result lines (`{"id", "result"}`) with no network.
 */
import type { NativeToolCall } from '../chat/types'
import { isRecord } from '../own-record'
import { checkCalls } from './checker'
import { decodeNative, decodeResult, type DecodedReply, type DecodeOptions } from './decode'
import { evalToolset, type EvalToolset } from './functions'
import type { CaseOutcome, DecodedCall, EvalCase } from './types'

/** What a reply was, for `scoreReply`: a result as BFCL's files hold it, or a native completion. */
export type ReplyInput = { result: unknown } | { content: string; toolCalls: readonly NativeToolCall[] }

/** Decodes and checks one reply; never throws. `toolset` may be passed when the caller has built it. */
export function scoreReply(
  testCase: EvalCase,
  reply: ReplyInput,
  options: DecodeOptions & { toolset?: EvalToolset } = {},
): CaseOutcome {
  const toolset = options.toolset ?? evalToolset(testCase.functions)
  const decoded =
    'result' in reply
      ? decodeResult(reply.result, toolset, options)
      : decodeNative(reply.content, reply.toolCalls, toolset)
  return outcomeOf(testCase, decoded)
}

/** The verdict on a decoded reply, BFCL's way: for irrelevance, a reply that does not decode passes. */
export function outcomeOf(testCase: EvalCase, decoded: DecodedReply): CaseOutcome {
  const base = {
    id: testCase.id,
    category: testCase.category,
    compliance: decoded.compliance,
    decoded: decoded.calls,
    expectedNames: testCase.expected.map(callName),
    chosenNames: decoded.calls.map(callName),
  }
  if (decoded.failure) {
    if (testCase.category === 'irrelevance') return { ...base, valid: true, errors: [] }
    return { ...base, valid: false, errorType: decoded.failure.errorType, errors: decoded.failure.errors }
  }
  const verdict = checkCalls(testCase, decoded.calls)
  return {
    ...base,
    valid: verdict.valid,
    ...(verdict.errorType ? { errorType: verdict.errorType } : {}),
    errors: verdict.errors,
  }
}

/** The name of a call or an expected call (its only key). */
export function callName(call: DecodedCall | Record<string, unknown>): string {
  return Object.keys(call)[0] ?? ''
}

/** One line of a result file, read: the case id and the result, or why the line cannot be scored. */
export type ResultLine = { id: string; result: unknown } | { error: string }

/** Reads a result line: `{"id", "result"}` (BFCL's result files carry more keys; they are ignored). */
export function readResultLine(value: unknown): ResultLine {
  if (!isRecord(value)) return { error: 'not an object with "id" and "result"' }
  if (typeof value.id !== 'string' || value.id === '') return { error: 'no "id" (a non-empty string)' }
  if (!Object.hasOwn(value, 'result')) return { error: `"${value.id}" has no "result"` }
  return { id: value.id, result: value.result }
}

/** An outcome for a result whose case is not in the suite, or a line that cannot be read. */
export function unscorable(id: string, error: string): CaseOutcome {
  return {
    id,
    category: 'simple',
    valid: false,
    errorType: 'eval:unscorable',
    errors: [error],
    compliance: { parsed: false, diagnostics: [] },
    decoded: [],
    expectedNames: [],
    chosenNames: [],
  }
}
