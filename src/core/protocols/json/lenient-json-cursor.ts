/**
 * The reading position of the lenient JSON reader and what it has found so far, shared by the
 * readers of each value kind, with the helpers they all use: white space, failures, and how a
 * failure names what it found.
 */
import type { JsonRepair, JsonSpan } from './lenient-json'
import type { MessageParam, MessageRef } from '../../messages/types'
import { ref } from '../../messages/say'

/** One payload being read: text[start, end), the next character at `i`. */
export interface JsonCursor {
  readonly text: string
  readonly end: number
  /** The next character to read. */
  i: number
  /** Objects and arrays open around `i`. */
  depth: number
  readonly repairs: JsonRepair[]
  /** Where each object and array read so far sits in the text. */
  readonly spans: WeakMap<object, JsonSpan>
  /** The one single-quotes repair of the payload, and how many strings it stands for. */
  singleQuotes: JsonRepair | null
  singleQuoteCount: number
}

/** A cursor at `start`, nothing read. */
export function createCursor(text: string, start: number, end: number): JsonCursor {
  return {
    text,
    end,
    i: start,
    depth: 0,
    repairs: [],
    spans: new WeakMap(),
    singleQuotes: null,
    singleQuoteCount: 0,
  }
}

/** Why reading stopped (a phrase to nest in a sentence), and where; thrown by `fail` and caught by parseLenientJson only. */
export class JsonFailure {
  constructor(
    readonly why: MessageRef,
    readonly offset: number,
  ) {}
}

/** Stops reading, saying `why`, at `at` (by default where the cursor is). */
export function fail(r: JsonCursor, why: MessageRef, at = r.i): never {
  throw new JsonFailure(why, at)
}

const END_OF_PAYLOAD = ref('json.at.end-of-payload')

/** The character at `at` as a message quotes it, or the end of the payload. */
export function describeAt(r: JsonCursor, at: number): MessageParam {
  return at >= r.end ? END_OF_PAYLOAD : r.text[at] === '"' ? `'"'` : `"${r.text[at]}"`
}

/** Moves past white space (and a byte order mark). */
export function skipSpace(r: JsonCursor): void {
  const text = r.text
  const end = r.end
  let i = r.i
  while (i < end) {
    const c = text.charCodeAt(i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) i++
    else break
  }
  r.i = i
}
