/** What reading one Python literal gives: a JSON value, or why it could not be read. */
import type { MessageRef } from '../../../messages/types'

/** A literal read as a JSON value and the offset after it, or why it could not be read. */
export type ValueResult =
  | { ok: true; value: unknown; end: number }
  /**
   * `problem`: why, a phrase to nest in the argument's finding. `truncated`: the text ended inside
   * the value (a stream cut it), not a syntax error.
   */
  | { ok: false; code: string; problem: MessageRef; at: number; length: number; truncated: boolean }

/** A literal that could not be read. */
export type Fail = Extract<ValueResult, { ok: false }>

/** Why a literal could not be read, at text[at, at + length). */
export function fail(code: string, problem: MessageRef, at: number, length = 1, truncated = false): Fail {
  return { ok: false, code, problem, at, length, truncated }
}
