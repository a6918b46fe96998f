/**
 * One reply measured two ways against BFCL's verdict on it. (A) the checker alone: the calls are
 * taken as BFCL decoded them (a failure's `model_result_decoded` / `decoded_result`, or a
 * function-calling model's `[{"name": "<JSON arguments>"}]`, which needs no model handler) and
 * checked. (B) end to end: the stored reply decoded by our decoders and checked.
 */
import { isRecord } from '../../src/core/own-record'
import { checkCalls } from '../../src/core/eval/checker'
import { scoreReply } from '../../src/core/eval/score'
import type { EvalToolset } from '../../src/core/eval/functions'
import type { DecodedCall, EvalCase } from '../../src/core/eval/types'
import { classify } from './classify'
import type { ScoreFailure } from './files'

/** A verdict as a label: `valid`, or the error type. */
export type Label = string

/** Our verdict and BFCL's on one reply, with the calls each side checked and, when they differ, why. */
export interface Comparison {
  ours: Label
  bfcl: Label
  oursDecoded: unknown
  bfclDecoded: unknown
  /** The class of the disagreement (see `classify`); absent when the labels agree. */
  cause?: string
}

/** The two measures of one reply; `checker` is absent when BFCL's decoded calls are not known. */
export interface EntryMeasure {
  checker?: Comparison
  endToEnd: Comparison
}

/** BFCL's label for a reply: `valid` when the score file has no failure for it. */
export function bfclLabel(failure: ScoreFailure | undefined): Label {
  if (failure === undefined) return 'valid'
  const type = failure.entry.error_type
  return typeof type === 'string' ? type : 'invalid'
}

function isCallList(value: unknown): value is DecodedCall[] {
  return (
    Array.isArray(value) &&
    value.every((call) => isRecord(call) && Object.keys(call).length === 1 && isRecord(Object.values(call)[0]))
  )
}

/** A function-calling model's result with JSON-string (or object) arguments, decoded as BFCL's FC handlers do. */
function fcCalls(result: unknown): DecodedCall[] | undefined {
  if (!Array.isArray(result)) return undefined
  const calls: DecodedCall[] = []
  for (const item of result) {
    if (!isRecord(item) || Object.keys(item).length !== 1) return undefined
    const [name, args] = Object.entries(item)[0] as [string, unknown]
    let parsed = args
    if (typeof args === 'string') {
      try {
        parsed = JSON.parse(args) as unknown
      } catch {
        return undefined
      }
    }
    if (!isRecord(parsed)) return undefined
    calls.push({ [name]: parsed })
  }
  return calls
}

/** The calls BFCL checked, when known without a model handler. */
export function knownCalls(result: unknown, failure: ScoreFailure | undefined): DecodedCall[] | undefined {
  if (failure === undefined) return fcCalls(result)
  const decoded = failure.entry.model_result_decoded ?? failure.entry.decoded_result
  return isCallList(decoded) ? decoded : undefined
}

// A whole number written with a fraction or an exponent: `5.0`, `1e3`, `-2.00`.
const WHOLE_FLOAT = /(?<![\w.])-?\d+(?:\.0+(?:[eE][+-]?\d+)?|[eE]\+?\d+)(?![\w.])/

/** Whether a whole number written as a float appears in any of the texts (reply, score line, answers). */
export function hasWholeFloat(texts: readonly string[]): boolean {
  return texts.some((text) => WHOLE_FLOAT.test(text))
}

function labelOf(verdict: { valid: boolean; errorType?: string }): Label {
  return verdict.valid ? 'valid' : (verdict.errorType ?? 'invalid')
}

function textOf(items: readonly unknown[]): string {
  return items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ')
}

/** Measures one reply: the checker on BFCL's decoded calls (when known), and our decoders plus checker. */
export function measureEntry(
  testCase: EvalCase,
  result: unknown,
  failure: ScoreFailure | undefined,
  options: { model: string; toolset: EvalToolset; answerText: string },
): EntryMeasure {
  const bfcl = bfclLabel(failure)
  const replyText = typeof result === 'string' ? result : JSON.stringify(result)
  const known = knownCalls(result, failure)
  const bfclDecoded = known ?? failure?.entry.model_result_decoded ?? failure?.entry.decoded_result
  const base = {
    bfcl,
    result,
    bfclDecoded,
    bfclErrors: JSON.stringify(failure?.entry.error ?? null),
    floatWritten: hasWholeFloat([replyText, failure?.text ?? '', options.answerText]),
    functionNames: testCase.functions.map((fn) => fn.name),
  }
  const outcome = scoreReply(testCase, { result }, { model: options.model, toolset: options.toolset })
  const ours = labelOf(outcome)
  const diagnostics = outcome.compliance.diagnostics.map((d) => `${d.code}: ${d.message}`)
  const endToEnd: Comparison = { ours, bfcl, oursDecoded: outcome.decoded, bfclDecoded }
  if (ours !== bfcl)
    endToEnd.cause = classify({
      ...base,
      measure: 'endToEnd',
      ours,
      oursErrors: textOf([...outcome.errors, ...diagnostics]),
      oursDecoded: outcome.decoded,
    })
  if (known === undefined) return { endToEnd }
  const verdict = checkCalls(testCase, known)
  const checker: Comparison = { ours: labelOf(verdict), bfcl, oursDecoded: known, bfclDecoded: known }
  if (checker.ours !== bfcl)
    checker.cause = classify({
      ...base,
      measure: 'checker',
      ours: checker.ours,
      oursErrors: textOf(verdict.errors),
      oursDecoded: known,
    })
  return { checker, endToEnd }
}
