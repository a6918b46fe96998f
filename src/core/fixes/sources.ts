/** Which source of candidates repairs which diagnostic code. */
import type { CandidateSource } from './candidate'
import { invalidJson, missingClosingTag, singleQuotes, trailingComma, unquotedKey } from './json-fixes'
import { unclosedNative } from './native-fixes'
import { missingEndMarker, unterminatedValue } from './vcp-fixes'

/** The sources tried for each code, in order; a code not listed has no fix. */
export const SOURCES_BY_CODE: ReadonlyMap<string, readonly CandidateSource[]> = new Map([
  ['missing-end-marker', [missingEndMarker]],
  ['unterminated-value', [unterminatedValue]],
  ['missing-closing-tag', [missingClosingTag]],
  ['invalid-json', [invalidJson, unclosedNative]],
  ['invalid-arguments', [unclosedNative]],
  ['single-quotes', [singleQuotes]],
  ['unquoted-key', [unquotedKey]],
  ['trailing-comma', [trailingComma]],
  ['unclosed-call', [unclosedNative]],
  ['unclosed-section', [unclosedNative]],
  ['unclosed-json', [unclosedNative]],
  ['unclosed-array', [unclosedNative]],
  ['unclosed-list', [unclosedNative]],
  ['unclosed-parameter', [unclosedNative]],
  ['unclosed-code-fence', [unclosedNative]],
])
