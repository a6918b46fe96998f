/** What the bare JSON formats share: their family, the Llama 3 tag, a list's name, and a forward-only search. */
import type { FormatProblem, FoundCall } from '../format'
import { ref } from '../../../messages/say'

/** What a bare JSON format's parse returns. */
export type Finding = { calls: FoundCall[]; problems: FormatProblem[]; resumeAt?: number }

/** The family the bare JSON formats are listed under. */
export const FAMILY = 'JSON (bare)'
/** What a list of calls with no marker of its own is called in messages. */
export const CALL_LIST = ref('native.json.what.call-list')
/** Llama 3's tag before code or JSON calls. */
export const PYTHON_TAG = '<|python_tag|>'

/** indexOf that keeps its last answer, so a scan that only moves forward stays linear. */
export function finder(text: string, needle: string): (from: number) => number {
  let at = -2
  return (from) => {
    if (at === -1 || at >= from) return at
    at = text.indexOf(needle, from)
    return at
  }
}
