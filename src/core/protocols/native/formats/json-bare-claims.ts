/**
 * What tells a bare JSON object or list from any other JSON in a reply: a call-shaped object
 * naming a tool (looked at within a bounded window), and not the value of another object's key.
 */
import type { FormatContext } from '../format'
import { looksLikeCall, scanObject, stringAt } from './json-bare-scan'

/** How far `claims` looks into an object for its name and arguments. */
const CLAIM_WINDOW = 2048

/** The name of the call object at `brace`, read within a bounded window; with whether its arguments key was seen. */
function peekCall(text: string, brace: number): { name: string; complete: boolean } | null {
  const limit = Math.min(text.length, brace + CLAIM_WINDOW)
  const scan = scanObject(text, brace, limit)
  const nameKey = scan.keys.find((k) => k.key === 'name')
  const named = nameKey ? stringAt(text, nameKey.valueStart, limit) : null
  if (!named || named.value.trim() === '') return null
  return { name: named.value.trim(), complete: looksLikeCall(scan) }
}

/** The bare-object claim: a call-shaped object, and (without trust) a tool the model was given. */
export function claimsObject(text: string, brace: number, context: FormatContext): boolean {
  const call = peekCall(text, brace)
  if (!call) return false
  // Arguments not seen in the window: only a stream that has just begun the object may still bring them.
  if (!call.complete && brace + CLAIM_WINDOW < text.length) return false
  return context.trusted || context.tools.has(call.name)
}

/** How far back a bracket looks for the `:` that makes it a key's value. */
const KEY_LOOKBACK = 64

/**
 * Whether the bracket at `at` is the value of an object's key (`"tool_calls": [...]`): then it is
 * part of a JSON document (the JSON block paradigm's), not a bare call or list of its own.
 */
export function isKeyValue(text: string, at: number): boolean {
  const colon = previousMark(text, at)
  if (colon === -1 || text.charCodeAt(colon) !== 0x3a) return false
  // A quoted key before the colon: prose ("Here is the call: {...}") has a word there.
  const key = previousMark(text, colon)
  return key !== -1 && text.charCodeAt(key) === 0x22
}

/** The last character before `at` that is not space, within KEY_LOOKBACK; -1 when none. */
function previousMark(text: string, at: number): number {
  const stop = Math.max(0, at - KEY_LOOKBACK)
  for (let i = at - 1; i >= stop; i--) {
    const c = text.charCodeAt(i)
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i
  }
  return -1
}

/** The first item of a list that is a key's value: the brace right after such a list's `[`. */
export function firstItemOfKeyedList(text: string, brace: number): number {
  const open = previousMark(text, brace)
  return open !== -1 && text.charCodeAt(open) === 0x5b && isKeyValue(text, open) ? open : -1
}
