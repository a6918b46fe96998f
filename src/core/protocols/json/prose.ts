/**
 * The machine's 'prose' mode, outside calls: it follows Markdown fences and <think> reasoning, and
 * opens a call at the paradigm's opening tag or at a `{` whose first key is `tool_calls`.
 */
import { objectChar, objectStringChar } from './call-payload'
import type { Candidate, MachineState, Mode, OpenCall } from './machine-state'
import { ref, say } from '../../messages/say'

const KEY = 'tool_calls'

/** 'prose': one character outside calls. It may open a call, which changes the mode. */
export function proseChar(s: MachineState, c: string, at: number): void {
  s.fences.step(c)
  if (!s.settings.tagged) candidateChar(s, c, at)
  if (s.mode !== 'prose') return
  if (s.pending === '' && c !== '<') return
  tagChar(s, c, at)
}

// ---- tags ------------------------------------------------------------------

/** Extends the tag seen so far; keeps its longest end that can still begin a tag. */
function tagChar(s: MachineState, c: string, at: number): void {
  const patterns = s.settings.outsidePatterns
  let pending = s.pending + c
  for (;;) {
    const match = firstStartingWith(patterns, pending)
    if (match !== undefined) {
      if (match.length === pending.length) {
        s.pending = ''
        tag(s, match, at - pending.length + 1, at + 1)
      } else s.pending = pending
      return
    }
    const next = pending.indexOf('<', 1)
    pending = next === -1 ? '' : pending.slice(next)
    if (pending === '') {
      s.pending = ''
      return
    }
  }
}

function firstStartingWith(patterns: string[], prefix: string): string | undefined {
  for (const pattern of patterns) if (pattern.startsWith(prefix)) return pattern
  return undefined
}

/** A whole tag in prose, text[start, end): the call's opening tag, or a reasoning tag. */
function tag(s: MachineState, token: string, start: number, end: number): void {
  if (s.settings.tagged && token === s.settings.openTag) {
    openCall(s, 'tagged-payload', start, end, token)
    return
  }
  if (s.fences.fence !== null) return // reasoning tags inside code are code
  const closing = token.startsWith('</')
  if (!closing && s.reasoningOpen === -1) s.reasoningOpen = start
  else if (closing && s.reasoningOpen !== -1) s.reasoningOpen = -1
}

// ---- call objects ----------------------------------------------------------

/** A `{` followed by white space, an optional quote and `tool_calls` opens a call object. */
function candidateChar(s: MachineState, c: string, at: number): void {
  const candidate = s.candidate
  if (candidate !== null) {
    if (candidate.keyAt === -1 ? beforeKey(candidate, c) : inKey(s, candidate, c)) return
    s.candidate = null
  }
  if (c === '{') s.candidate = { start: at, text: '{', keyAt: -1, quoted: false }
}

/** Between the `{` and the key; true when `c` may still lead to it. */
function beforeKey(candidate: Candidate, c: string): boolean {
  if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
    if (candidate.text.length >= 64) return false
  } else if ((c === '"' || c === "'") && !candidate.quoted) {
    candidate.quoted = true
  } else if (c === 't') {
    candidate.keyAt = candidate.text.length
  } else return false
  candidate.text += c
  return true
}

/** Within the key; true when `c` continues `tool_calls`. Its last letter opens the call. */
function inKey(s: MachineState, candidate: Candidate, c: string): boolean {
  const k = candidate.text.length - candidate.keyAt
  if (k >= KEY.length || c !== KEY[k]) return false
  candidate.text += c
  if (k + 1 === KEY.length) {
    s.candidate = null
    openObject(s, candidate.start, candidate.text)
  }
  return true
}

function openObject(s: MachineState, start: number, seen: string): void {
  const call = openCall(s, 'object', start, start, seen)
  s.depth = 0
  s.quote = ''
  s.escaped = false
  // The object's modes take over from its first character.
  for (const ch of seen) {
    if (s.mode === 'object') objectChar(s, ch)
    else objectStringChar(s, ch)
  }
  if (call.fenced && !/^(json5?|jsonc)\b/i.test(call.fenceInfo ?? '')) {
    const written = call.fenceInfo
      ? ref('json.fence.marked', { language: call.fenceInfo.split(/\s/)[0] ?? '' })
      : ref('json.fence.no-language')
    call.openingWarning = { code: 'fence-language', ...say('json.fence-language', { written }) }
  }
}

// ---- opening a call --------------------------------------------------------

/** Leaves prose for `mode`: the call starts at `start`, its text so far is `prefix`. */
function openCall(s: MachineState, mode: Mode, start: number, payloadStart: number, prefix: string): OpenCall {
  const fence = s.fences.fence
  const call: OpenCall = {
    start,
    payloadStart,
    parts: prefix ? [prefix] : [],
    inReasoning: s.reasoningOpen !== -1,
    fenced: fence !== null,
    fenceInfo: fence?.info ?? null,
    index: s.blockCount,
    openingWarning: null,
  }
  s.call = call
  s.mode = mode
  s.out.emit({
    type: 'block-open',
    index: s.blockCount,
    offset: start,
    inReasoning: call.inReasoning,
    fenced: call.fenced,
  })
  return call
}
