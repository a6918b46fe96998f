/**
 * Recognisers for the VCP markers. Each looks at `s` from position `p` and answers a match,
 * NO_MATCH, or NEED_MORE when `s` ends before the answer is certain (streaming input).
 * With `final` the text is complete and NEED_MORE is never returned.
 */
import { BRACE_CLOSE, BRACE_OPEN, CORNER_CLOSE, CORNER_OPEN, GT, LBRACKET, LT, RBRACKET } from './chars'

export const NEED_MORE = -2
export const NO_MATCH = -1

export const START_CHAR = '始'
export const END_CHAR = '末'

/**
 * Case-insensitive match of an ASCII upper-case `word` at `p`.
 * Returns the position after it, NO_MATCH, or NEED_MORE.
 */
function matchWord(s: string, p: number, word: string, final: boolean): number {
  for (let k = 0; k < word.length; k++) {
    if (p + k >= s.length) return final ? NO_MATCH : NEED_MORE
    const c = s.charCodeAt(p + k)
    const w = word.charCodeAt(k)
    if (c === w) continue
    // ASCII letters only: fold lower case onto upper case.
    if (w >= 0x41 && w <= 0x5a && c === w + 0x20) continue
    return NO_MATCH
  }
  return p + word.length
}

/*
 * Matches are packed into one non-negative number so the hot path allocates nothing:
 * bits 0-7 the marker's length, the bits above flags described by the accessors below.
 */
export const markerLength = (m: number): number => m & 0xff
/** Block markers: an end marker. */
export const isEndMarker = (m: number): boolean => (m & 0x100) !== 0
/** Block markers: spelled exactly `<<<[NAME]>>>` / `<<<[END_NAME]>>>`. */
export const isCanonicalMarker = (m: number): boolean => (m & 0x200) !== 0
/** Value markers: 'plain' | 'escape' | 'exp'. */
export const valueKindOf = (m: number): ValueKind => VALUE_KINDS[(m >> 8) & 3] as ValueKind
/** Value markers: written with braces (`{始}`). */
export const isBraceMarker = (m: number): boolean => (m & 0x400) !== 0
const VALUE_KINDS = ['plain', 'escape', 'exp'] as const

/**
 * Where the block marker whose `<[` is at x starts: its first '<'. Two to four '<' make a marker;
 * -1 when there is only one or five and more.
 */
export function markerRunStart(s: string, x: number): number {
  let p = x
  while (p > x - 3 && p > 0 && s.charCodeAt(p - 1) === LT) p--
  if (p === x || (p > 0 && s.charCodeAt(p - 1) === LT)) return -1
  return p
}

/** Offset of the first end marker in s at or after `from` (the whole text is known), or -1. */
export function firstEndMarker(s: string, from: number, names: BlockNames): number {
  let x = s.indexOf('<[', from)
  while (x !== -1) {
    const p = markerRunStart(s, x)
    if (p !== -1) {
      const marker = matchBlockMarker(s, p, names, true, x - p + 1)
      if (marker >= 0) {
        if (isEndMarker(marker)) return p
        x = s.indexOf('<[', p + markerLength(marker))
        continue
      }
    }
    x = s.indexOf('<[', x + 2)
  }
  return -1
}

/** Length of the run of '<' at p, counted up to 5 (5 means "too many"). */
function ltRunLength(s: string, p: number): number {
  let n = 0
  while (n < 5 && p + n < s.length && s.charCodeAt(p + n) === LT) n++
  return n
}

/** The names a block marker may carry, prepared once per scanner. */
export interface BlockNames {
  start: string
  end: string
  canonicalStart: string
  canonicalEnd: string
  /** Character code of the start name's first letter. */
  startInitial: number
}

export function blockNames(upperName: string): BlockNames {
  return {
    start: upperName,
    end: 'END_' + upperName,
    canonicalStart: `<<<[${upperName}]>>>`,
    canonicalEnd: `<<<[END_${upperName}]>>>`,
    startInitial: upperName.charCodeAt(0),
  }
}

/**
 * A block marker at p (p holds '<' and starts its run): `<{2,4}[NAME]>{2,4}` or
 * `<{2,4}[END_NAME]>{2,4}`, case-insensitive.
 */
export function matchBlockMarker(s: string, p: number, names: BlockNames, final: boolean, knownRun = 0): number {
  // Most '<' in text and code are not markers: a single '<' is decided by the next character.
  if (p + 1 < s.length && s.charCodeAt(p + 1) !== LT) return NO_MATCH
  // Fast path: the canonical spelling, not followed by a fourth '>'. A caller that has seen
  // `<<<[` (knownRun 3) saves comparing it again.
  const fifth = s.charCodeAt(p + 4)
  const known = knownRun === 3 ? 4 : 2
  if (fifth === names.startInitial && sameAt(s, p, names.canonicalStart, known)) {
    const m = canonicalMatch(s, p, names.canonicalStart.length, final, 0)
    if (m !== SLOW_PATH) return m
  } else if (fifth === 0x45 /* E */ && sameAt(s, p, names.canonicalEnd, known)) {
    const m = canonicalMatch(s, p, names.canonicalEnd.length, final, 0x100)
    if (m !== SLOW_PATH) return m
  }
  const run = ltRunLength(s, p)
  if (p + run >= s.length && run < 5) return final ? NO_MATCH : NEED_MORE
  if (run < 2 || run > 4) return NO_MATCH
  let q = p + run
  if (s.charCodeAt(q) !== LBRACKET) return NO_MATCH
  q++
  // The two names start with different letters, so at most one can match or be pending.
  const asStart = matchWord(s, q, names.start, final)
  const asEnd = matchWord(s, q, names.end, final)
  if (asStart === NEED_MORE || asEnd === NEED_MORE) return NEED_MORE
  const isEnd = asStart < 0
  const after = asStart >= 0 ? asStart : asEnd
  if (after < 0) return NO_MATCH
  if (after >= s.length) return final ? NO_MATCH : NEED_MORE
  if (s.charCodeAt(after) !== RBRACKET) return NO_MATCH
  let r = after + 1
  let gt = 0
  while (gt < 4 && r < s.length && s.charCodeAt(r) === GT) {
    gt++
    r++
  }
  // Fewer than 4 '>' at the end of the buffer: one more may still arrive.
  if (gt < 4 && r >= s.length && !final) return NEED_MORE
  if (gt < 2) return NO_MATCH
  const canonical = run === 3 && gt === 3 && isUpperAscii(s, q, after)
  return (r - p) | (isEnd ? 0x100 : 0) | (canonical ? 0x200 : 0)
}

const SLOW_PATH = -3

/** `word` is written at p, its first `known` characters already checked (a plain loop: faster than startsWith across string encodings). */
function sameAt(s: string, p: number, word: string, known: number): boolean {
  if (p + word.length > s.length) return false
  for (let k = known; k < word.length; k++) if (s.charCodeAt(p + k) !== word.charCodeAt(k)) return false
  return true
}

/** A canonical marker of `length` at p, unless a fourth '>' follows (then the general rule decides). */
function canonicalMatch(s: string, p: number, length: number, final: boolean, endBit: number): number {
  const after = p + length
  if (after >= s.length && !final) return NEED_MORE
  if (after < s.length && s.charCodeAt(after) === GT) return SLOW_PATH
  return length | endBit | 0x200
}

export type ValueKind = 'plain' | 'escape' | 'exp'

/** No lower-case ASCII letter in s[from, to). */
function isUpperAscii(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k)
    if (c >= 0x61 && c <= 0x7a) return false
  }
  return true
}

/**
 * An open (`始`) or close (`末`) value marker at p, where p holds '「' or '{' and p+1 holds `ch`:
 * `「始」`, `「始ESCAPE」`, `「始exp」`, and the same with braces.
 */
export function matchValueMarker(s: string, p: number, ch: string, final: boolean): number {
  const open = s.charCodeAt(p)
  const brace = open === BRACE_OPEN
  if (!brace && open !== CORNER_OPEN) return NO_MATCH
  if (p + 1 >= s.length) return final ? NO_MATCH : NEED_MORE
  if (s[p + 1] !== ch) return NO_MATCH
  const closeCode = brace ? BRACE_CLOSE : CORNER_CLOSE
  const q = p + 2
  if (q >= s.length) return final ? NO_MATCH : NEED_MORE
  const braceBit = brace ? 0x400 : 0
  if (s.charCodeAt(q) === closeCode) return 3 | braceBit
  for (let kind = 1; kind <= 2; kind++) {
    const after = matchWord(s, q, kind === 1 ? 'ESCAPE' : 'EXP', final)
    if (after === NEED_MORE) return NEED_MORE
    if (after === NO_MATCH) continue
    if (after >= s.length) return final ? NO_MATCH : NEED_MORE
    if (s.charCodeAt(after) === closeCode) return (after + 1 - p) | (kind << 8) | braceBit
    return NO_MATCH
  }
  return NO_MATCH
}
