/**
 * Finding a field's key: backwards from its value marker, white space, a colon, white space, then
 * the key's characters.
 */
import { ASCII_KEY, COLON, FULLWIDTH_COLON, isKeyChar, isSpace } from './chars'

export interface KeySpan {
  start: number
  end: number
  /** Offset of the colon. */
  colon: number
  fullwidth: boolean
}

/**
 * Fills `out` with the key before the value marker at p, looking no further back than `floor`.
 * False when no `key:` stands there.
 */
export function findKeyBefore(s: string, p: number, floor: number, out: KeySpan): boolean {
  let q = p - 1
  while (q >= floor && isSpace(s.charCodeAt(q))) q--
  if (q < floor) return false
  const colon = s.charCodeAt(q)
  if (colon !== COLON && colon !== FULLWIDTH_COLON) return false
  out.colon = q
  out.fullwidth = colon === FULLWIDTH_COLON
  q--
  while (q >= floor && isSpace(s.charCodeAt(q))) q--
  out.end = q + 1
  // ASCII keys are the rule: a table lookup; anything else goes through isKeyChar.
  for (; q >= floor; q--) {
    const c = s.charCodeAt(q)
    if (c < 0x80 ? ASCII_KEY[c] !== 1 : !isKeyChar(s, q)) break
  }
  out.start = q + 1
  return out.start < out.end
}
