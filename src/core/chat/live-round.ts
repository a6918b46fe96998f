/**
 * What the chat shows of one round while it happens and after: the reply's text and a card per
 * request. Cards appear the moment a block opens in the stream and fill in as fields arrive.
 */
import type { ParsedRequest, ToolExecutionResult } from '../types'
import type { StreamEvent } from '../protocols/protocol'
import type { NativeToolCall, RoundRecord } from './types'
import { partialJsonFields } from './partial-json'
import type { ContentCallFormat } from './content-calls'

/** A card's stage: its block is streaming, parsed, waiting for a person, running, or done (with a result). */
export type LiveRequestState = 'streaming' | 'parsed' | 'awaiting-approval' | 'running' | 'done'

/** One request as the chat draws it: a card that appears when its block opens and fills in as it streams. */
export interface LiveRequest {
  /** Stable within a round. */
  key: string
  toolName: string
  /** The arguments as text, as far as they have arrived. */
  args: Record<string, string>
  state: LiveRequestState
  /** Text offsets of the block in the reply (text protocols); `end` undefined while it streams. */
  start?: number
  end?: number
  /** Native calls: the id the model gave the call. */
  callId?: string
  /** Set once the block is parsed. */
  request?: ParsedRequest
  /** Set when the state is 'done'. */
  result?: ToolExecutionResult
}

/** One round as the chat draws it: the reply's text so far and its cards; plain data, changed in place. */
export interface RoundView {
  index: number
  kind: RoundRecord['kind']
  /** The reply's text so far. */
  content: string
  /** In the order the requests appeared; `segments` places them in the text. */
  cards: LiveRequest[]
  /** Why the round ended the run, when it did. */
  error?: string
  usage?: RoundRecord['usage']
  timings?: RoundRecord['timings']
  /** Native mode: tool-call markup found in the reply's text (the server returned no tool_calls). */
  contentCalls?: ContentCallsView
}

/** What the chat shows about tool-call markup in a native reply's text, and what became of it. */
export interface ContentCallsView {
  formats: ContentCallFormat[]
  /** How many calls the text holds. */
  calls: number
  /** 'asking': the run waits for the calls to be taken or dismissed. */
  state: 'asking' | 'taken' | 'dismissed'
}

export function emptyRound(index: number, kind: RoundRecord['kind']): RoundView {
  return { index, kind, content: '', cards: [] }
}

/** Applies the streaming parser's events: open -> a card, field -> an argument, close -> the request. */
export function applyStreamEvents(round: RoundView, events: readonly StreamEvent[]): void {
  for (const event of events) {
    if (event.type === 'block-open') {
      if (event.inReasoning) continue
      round.cards.push({ key: `b${event.index}`, toolName: '', args: {}, state: 'streaming', start: event.offset })
    } else if (event.type === 'field') {
      const card = round.cards.find((c) => c.key === `b${event.index}`)
      if (!card) continue
      if (event.key === 'tool_name') card.toolName = event.value
      else if (event.key !== 'request_id') card.args = { ...card.args, [event.key]: event.value }
    } else if (event.type === 'block-close') {
      const at = round.cards.findIndex((c) => c.key === `b${event.index}`)
      if (at === -1) continue
      if (!event.included) round.cards.splice(at, 1)
      else settleCard(round.cards[at]!, event.request)
    }
  }
}

/** Native mode: a card per call while its name and argument text stream in. */
export function applyNativeCalls(round: RoundView, calls: readonly NativeToolCall[]): void {
  calls.forEach((call, index) => {
    let card = round.cards.find((c) => c.key === `n${index}`)
    if (!card) round.cards.push((card = { key: `n${index}`, toolName: '', args: {}, state: 'streaming' }))
    if (card.state !== 'streaming') return
    card.toolName = call.function.name
    card.callId = call.id || undefined
    // Fields as they arrive, like a VCP block's; the raw text when it is not an object.
    const text = call.function.arguments
    card.args = text ? (partialJsonFields(text) ?? { arguments: text }) : {}
  })
}

function settleCard(card: LiveRequest, request: ParsedRequest): void {
  card.request = request
  card.toolName = request.toolName
  card.args = { ...request.args }
  card.start = request.start
  card.end = request.end
  if (card.state === 'streaming') card.state = 'parsed'
}

/** The card of a request, found by id, by position, or made (native calls have no text block). */
export function liveRequestFor(round: RoundView, request: ParsedRequest): LiveRequest {
  let card =
    round.cards.find((c) => c.request?.requestId === request.requestId) ??
    round.cards.find((c) => !c.request && c.callId !== undefined && c.callId === request.requestId)
  if (!card && request.end > request.start) card = round.cards.find((c) => !c.request && c.start === request.start)
  if (!card) {
    card = { key: `r-${request.requestId}`, toolName: request.toolName, args: {}, state: 'parsed' }
    round.cards.push(card)
  }
  settleCard(card, request)
  if (request.end <= request.start) {
    card.start = undefined
    card.end = undefined
  }
  return card
}

export function applyResult(round: RoundView, result: ToolExecutionResult, request: ParsedRequest): void {
  const card = liveRequestFor(round, request)
  card.result = result
  card.state = 'done'
}

/** A finished round as the chat shows it. */
export function roundView(record: RoundRecord): RoundView {
  const round: RoundView = {
    index: record.index,
    kind: record.kind,
    content: record.content,
    cards: [],
    error: record.error,
    usage: record.usage,
    timings: record.timings,
  }
  const found = record.contentCalls
  if (found)
    round.contentCalls = { formats: found.formats, calls: found.calls, state: found.taken ? 'taken' : 'dismissed' }
  for (const request of record.requests) {
    const card = liveRequestFor(round, request)
    const result = record.results.find((r) => r.requestId === request.requestId)
    if (result) {
      card.result = result
      card.state = 'done'
    }
  }
  return round
}

/** A piece of a drawn reply: prose, or the card standing in for a request's block. */
export type Segment = { type: 'text'; text: string } | { type: 'card'; card: LiveRequest }

/** The reply cut into prose and request blocks; cards without a place in the text come last. */
export function segments(round: RoundView): Segment[] {
  const placed = round.cards.filter((c) => c.start !== undefined).sort((a, b) => a.start! - b.start!)
  const out: Segment[] = []
  let at = 0
  for (const card of placed) {
    const start = card.start!
    if (start > at) out.push({ type: 'text', text: round.content.slice(at, start) })
    out.push({ type: 'card', card })
    at = Math.max(at, card.end ?? round.content.length)
  }
  if (at < round.content.length) out.push({ type: 'text', text: round.content.slice(at) })
  for (const card of round.cards) if (card.start === undefined) out.push({ type: 'card', card })
  return out
}
