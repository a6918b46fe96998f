/**
 * The characters VCP text is read by: the code points the recognisers and the scanner compare
 * against, and the character classes of keys and white space.
 */

/* Code points compared against with charCodeAt(). */
export const LT = 0x3c // <
export const GT = 0x3e // >
export const LBRACKET = 0x5b // [
export const RBRACKET = 0x5d // ]
export const SLASH = 0x2f // /
export const LOWER_T = 0x74 // t
export const CORNER_OPEN = 0x300c // 「
export const CORNER_CLOSE = 0x300d // 」
export const BRACE_OPEN = 0x7b // {
export const BRACE_CLOSE = 0x7d // }
export const COLON = 0x3a
export const FULLWIDTH_COLON = 0xff1a

/** Unicode letters, marks, digits, `_` and `-`: the characters a key is made of. */
const KEY_CHAR = /[\p{L}\p{M}\p{N}_-]/u

/** ASCII key characters: letters, digits, `_`, `-`. */
export const ASCII_KEY = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  ASCII_KEY[c] =
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d ? 1 : 0
}

/** The character at p (a whole code point when p holds half of a surrogate pair) may be part of a key. */
export function isKeyChar(s: string, p: number): boolean {
  const c = s.charCodeAt(p)
  if (c < 0x80) return ASCII_KEY[c] === 1
  // Low surrogate: test the whole code point.
  if (c >= 0xdc00 && c <= 0xdfff && p > 0) return KEY_CHAR.test(s.slice(p - 1, p + 1))
  if (c >= 0xd800 && c <= 0xdbff) return KEY_CHAR.test(s.slice(p, p + 2))
  return KEY_CHAR.test(s[p] as string)
}

/** White space around keys, colons and values, the ideographic space included. */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3000 || c === 0xa0 || c === 0x0c || c === 0x0b
}
