/**
 * Recognisers for what matters in the text around blocks: reasoning tags, Markdown fences, and
 * `tool_name` field lists copied from prompts. Like markers.ts: each looks at `s` around a
 * position and answers without side effects; NEED_MORE when the text ends too early to tell.
 */
import { COLON, FULLWIDTH_COLON, GT, isKeyChar, isSpace } from './chars'
import { NEED_MORE, NO_MATCH } from './markers'

export const FIELD_LIST_KEY = 'tool_name'

/** `think` written at t: 1, NO_MATCH, or NEED_MORE while the text so far could still spell it. */
export function thinkAt(s: string, t: number, final: boolean): number {
  const available = Math.min(5, s.length - t)
  for (let k = 0; k < available; k++) if (s.charCodeAt(t + k) !== THINK.charCodeAt(k)) return NO_MATCH
  if (available === 5) return 1
  return final ? NO_MATCH : NEED_MORE
}
const THINK = 'think'

/**
 * After `think` at t: the offset just past `>` of `<think>` / `<thinking>` (and closing forms),
 * NO_MATCH, or NEED_MORE.
 */
export function reasoningTagEnd(s: string, t: number, final: boolean): number {
  let end = t + 5
  if (end < s.length && s.charCodeAt(end) !== GT && s.startsWith('ing', end)) end += 3
  else if (end + 3 > s.length && 'ing>'.startsWith(s.slice(end)) && !final) return NEED_MORE
  if (end >= s.length) return final ? NO_MATCH : NEED_MORE
  return s.charCodeAt(end) === GT ? end + 1 : NO_MATCH
}

/**
 * A value marker outside any block at p (its bracket): when `tool_name`, up to 16 white-space
 * characters, a colon and up to 16 more precede it, the offset of `tool_name`; otherwise -1.
 */
export function fieldListKeyStart(s: string, p: number): number {
  let q = p - 1
  const floor = q - 16
  while (q >= 0 && q > floor && isSpace(s.charCodeAt(q))) q--
  const colon = q >= 0 ? s.charCodeAt(q) : -1
  if (colon !== COLON && colon !== FULLWIDTH_COLON) return -1
  q--
  const floor2 = q - 16
  while (q >= 0 && q > floor2 && isSpace(s.charCodeAt(q))) q--
  const keyStart = q - FIELD_LIST_KEY.length + 1
  if (keyStart < 0 || !s.startsWith(FIELD_LIST_KEY, keyStart)) return -1
  return keyStart > 0 && isKeyChar(s, keyStart - 1) ? -1 : keyStart
}

/** Up to three spaces stand between the line's start and p (`atTextStart`: s[0] begins the text). */
export function isAtLineStart(s: string, p: number, atTextStart: boolean): boolean {
  let q = p - 1
  let spaces = 0
  while (q >= 0 && spaces <= 3 && s.charCodeAt(q) === 0x20) {
    q--
    spaces++
  }
  if (spaces > 3) return false
  return q < 0 ? atTextStart : s.charCodeAt(q) === 0x0a
}

/**
 * A closing fence has nothing but spaces after its run on its line (looked at for up to 64
 * characters). 1 when the line after `q` qualifies, 0 when not, NEED_MORE.
 */
export function restOfLineIsBlank(s: string, q: number, final: boolean): number {
  let n = 0
  while (q < s.length && n < 64 && (s.charCodeAt(q) === 0x20 || s.charCodeAt(q) === 0x09 || s.charCodeAt(q) === 0x0d)) {
    q++
    n++
  }
  if (q >= s.length && n < 64 && !final) return NEED_MORE
  return q >= s.length || n >= 64 || s.charCodeAt(q) === 0x0a ? 1 : 0
}
