/**
 * A quick look at a JSON object before it is parsed: where it ends and which top-level keys it
 * holds, found in one pass by bracket depth, so a stream learns a call's name and the place of
 * its arguments while the object is still arriving.
 */
import { skipSpace } from '../json-pieces'

/** A top-level key of a scanned object. */
export interface TopKey {
  key: string
  /** First offset of the key's value (after `:` and space). */
  valueStart: number
}

/** What one pass over an object found. */
export interface ObjectScan {
  /** End (exclusive) of the object, -1 when it is still open at the limit. */
  end: number
  keys: TopKey[]
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

/** The object opening at `from` (a `{`): where it ends, and its top-level keys. One pass. */
export function scanObject(text: string, from: number, limit = text.length): ObjectScan {
  const keys: TopKey[] = []
  let depth = 0
  let quote = 0
  let keyStart = -1
  let expectKey = false
  let pendingKey: string | null = null
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (quote !== 0) {
      if (c === 0x5c) i++
      else if (c === quote) {
        quote = 0
        if (keyStart !== -1) {
          pendingKey = text.slice(keyStart + 1, i)
          keyStart = -1
        }
      }
      continue
    }
    if (isSpace(c)) continue
    if (pendingKey !== null) {
      const key = pendingKey
      pendingKey = null
      if (c === 0x3a) {
        keys.push({ key, valueStart: skipSpace(text, i + 1, limit) })
        continue
      }
    }
    if (c === 0x22 || c === 0x27) {
      quote = c
      if (depth === 1 && expectKey) keyStart = i
      expectKey = false
      continue
    }
    expectKey = false
    if (c === 0x7b || c === 0x5b) {
      depth++
      if (depth === 1) expectKey = true
    } else if (c === 0x7d || c === 0x5d) {
      depth--
      if (depth <= 0) return { end: i + 1, keys }
    } else if (c === 0x2c && depth === 1) expectKey = true
  }
  return { end: -1, keys }
}

/** The first key of the object at `brace`, read within a short window; null when there is none. */
export function firstKey(text: string, brace: number, window = 48): string | null {
  const limit = Math.min(text.length, brace + window)
  const q = skipSpace(text, brace + 1, limit)
  const quote = text[q]
  if (quote !== '"' && quote !== "'") return null
  const close = text.indexOf(quote, q + 1)
  if (close === -1 || close >= limit) return null
  return text.slice(q + 1, close)
}

/** A quoted string value at `at`: its text and the offset after its closing quote; null when it is not one or not closed. */
export function stringAt(text: string, at: number, limit = text.length): { value: string; end: number } | null {
  const quote = text.charCodeAt(at)
  if (quote !== 0x22 && quote !== 0x27) return null
  for (let i = at + 1; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5c) i++
    else if (c === quote) {
      const raw = text.slice(at + 1, i)
      if (raw.indexOf('\\') === -1) return { value: raw, end: i + 1 }
      try {
        return { value: JSON.parse(`"${quote === 0x22 ? raw : raw.replace(/"/g, '\\"')}"`) as string, end: i + 1 }
      } catch {
        return { value: raw, end: i + 1 }
      }
    }
  }
  return null
}

/** True when the scanned object looks like a call: a name and its arguments, or OpenAI's `function`. */
export function looksLikeCall(scan: ObjectScan): boolean {
  const has = (key: string): boolean => scan.keys.some((k) => k.key === key)
  return (has('name') && (has('arguments') || has('parameters'))) || has('function')
}
