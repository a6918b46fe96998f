/**
 * The eval lab's data: suites of cases, what a case expects, the calls a reply made, and the
 * verdict on them. Names and shapes follow the Berkeley Function Calling Leaderboard (BFCL) so its
 * files import as they are and verdicts compare with its own.
 */
import type { NativeToolCall, TokenUsage } from '../chat/types'

/**
 * How the calls of a reply are matched, BFCL's categories: `simple` exactly one call, `multiple`
 * one call chosen among several functions, `parallel` several calls in any order, `parallel_multiple`
 * several calls of several functions in any order, `irrelevance` no call at all.
 */
export type EvalCategory = 'simple' | 'multiple' | 'parallel' | 'parallel_multiple' | 'irrelevance'

/** Every category, in the order reports list them. */
export const EVAL_CATEGORIES: readonly EvalCategory[] = [
  'simple',
  'multiple',
  'parallel',
  'parallel_multiple',
  'irrelevance',
]

/**
 * A parameter's schema as BFCL writes it: JSON Schema with BFCL's own type names too (`dict`,
 * `float`, `tuple`, `any`).
 */
export interface EvalParameterSchema {
  type?: string
  description?: string
  items?: EvalParameterSchema
  properties?: Record<string, EvalParameterSchema>
  required?: string[]
  enum?: unknown[]
  default?: unknown
}

/** A function the model is offered (BFCL's `function` entries, or an OpenAI tool's `function`). */
export interface EvalFunction {
  name: string
  description?: string
  parameters: { type?: string; properties: Record<string, EvalParameterSchema>; required?: string[] }
}

/**
 * One expected call, BFCL's `ground_truth` entry: the function name, and for each argument the
 * values accepted. `""` among the values means the argument may be left out.
 */
export type ExpectedCall = Record<string, Record<string, unknown[]>>

/** A call as a reply made it, BFCL's decoded form: `{name: {argument: value}}`. */
export type DecodedCall = Record<string, Record<string, unknown>>

/** A message of a case's conversation (text only: the lab asks for calls, it runs none). */
export interface EvalMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string
}

/** One case of a suite: the conversation, the functions offered, and what is expected. */
export interface EvalCase {
  id: string
  category: EvalCategory
  messages: EvalMessage[]
  functions: EvalFunction[]
  /** The calls expected; empty for `irrelevance`. */
  expected: ExpectedCall[]
}

/**
 * The checker's verdict, BFCL's shape: `errorType` is BFCL's own label
 * (`simple_function_checker:missing_required`, `value_error:string`, ...) when `valid` is false.
 */
export interface CheckVerdict {
  valid: boolean
  errorType?: string
  /** What was wrong, in words (and for parallel cases, per candidate call). */
  errors: unknown[]
}

/** How a reply read: whether it parsed cleanly, in which format, and what the parse said. */
export interface FormatCompliance {
  /** The reply held calls that parsed with no error (or, for no call, nothing malformed). */
  parsed: boolean
  /** The protocol or native format the calls were read in; absent when none was found. */
  format?: string
  diagnostics: { severity: string; code: string; message: string }[]
}

/** One scored reply: the verdict and everything the metrics are computed from. */
export interface CaseOutcome {
  id: string
  category: EvalCategory
  /** Live runs: the model, the protocol and the repeat (0-based) the reply came from. */
  model?: string
  protocol?: string
  repeat?: number
  valid: boolean
  errorType?: string
  errors: unknown[]
  compliance: FormatCompliance
  /** The calls read from the reply, in BFCL's decoded form. */
  decoded: DecodedCall[]
  /** Function names expected and chosen, for the confusion matrix. */
  expectedNames: string[]
  chosenNames: string[]
  /** Live runs: the reply as it came, its token counts and how long it took. */
  reply?: string
  /** Live runs in native calling: the reply's `tool_calls` as they came. */
  replyToolCalls?: NativeToolCall[]
  usage?: TokenUsage
  latencyMs?: number
}
