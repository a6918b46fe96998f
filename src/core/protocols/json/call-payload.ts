/**
 * The machine's modes inside a call: one handler per mode, each reading one character of the
 * payload and saying whether the call ended with it. The payload itself is read afterwards, whole.
 */
import type { MachineState } from './machine-state'

/** 'tagged-payload': true when `c` completes the closing tag. */
export function taggedPayloadChar(s: MachineState, c: string): boolean {
  if (s.pending === '' && c !== '<') return false
  const closeTag = s.settings.closeTag
  const pending = s.pending + c
  if (closeTag.startsWith(pending)) {
    if (pending.length === closeTag.length) {
      s.pending = ''
      return true
    }
    s.pending = pending
    return false
  }
  const next = pending.indexOf('<', 1)
  s.pending = next === -1 ? '' : pending.slice(next)
  return false
}

/** 'object': brackets count outside strings; true when the call object just closed. */
export function objectChar(s: MachineState, c: string): boolean {
  if (c === '"' || c === "'") {
    s.quote = c
    s.mode = 'object-string'
  } else if (c === '{' || c === '[') s.depth++
  else if (c === '}' || c === ']') return --s.depth === 0
  return false
}

/** 'object-string': only the closing quote matters, unless escaped; a string never ends the call. */
export function objectStringChar(s: MachineState, c: string): void {
  if (s.escaped) s.escaped = false
  else if (c === '\\') s.escaped = true
  else if (c === s.quote) {
    s.quote = ''
    s.mode = 'object'
  }
}
