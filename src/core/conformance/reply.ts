/**
 * One exchange read as a reply: its content, reasoning, tool calls and finish reason, each with the
 * chunks it came from, so a check can point at the wire. Reading never throws: what cannot be read
 * makes the reply `unusable`, with the reason.
 */
import { isRecord } from '../own-record'
import type { WireExchange } from './types'

/** One streamed event's data, read. */
export interface ParsedChunk {
  index: number
  data: string
  /** The `[DONE]` sentinel. */
  done: boolean
  /** The parsed JSON, when the data is JSON. */
  json?: unknown
  /** Set when the data is not JSON. */
  notJson?: boolean
}

/** A tool call as a reply holds it, and (streamed) the deltas it was assembled from. */
export interface CallView {
  /** The id of its first delta (or of the call, whole); undefined when absent or empty. */
  id: string | undefined
  /** `type` as sent with the call (streamed: on its first delta). */
  type: unknown
  name: string
  /** The arguments from string fragments, joined; '' when none came. */
  argsText: string
  /** Arguments sent as something other than a string (an object, say), as sent. */
  argsValue?: unknown
  /** Streamed: the chunks whose arguments were not strings; whole: [] and `argsNotString`. */
  argsNotStringChunks: number[]
  argsNotString: boolean
  /** Streamed only: the chunk of its first delta, the index there, and every delta's facts. */
  openChunk?: number
  openIndex?: unknown
  chunks: number[]
  indexes: { chunk: number; index: unknown }[]
  ids: { chunk: number; id: string }[]
  nameChunks: number[]
  types: { chunk: number; type: unknown }[]
}

/** Where a piece of streamed text sits in the assembled text. */
export interface TextPiece {
  chunk: number
  start: number
  end: number
}

export interface ReplyView {
  exchange: WireExchange
  /** Why the reply cannot be judged (the exchange failed, an event is not JSON...). */
  unusable?: string
  content: string
  contentPieces: TextPiece[]
  reasoning: string
  reasoningPieces: TextPiece[]
  calls: CallView[]
  /** As sent: the last non-null `finish_reason`. */
  finishReason?: unknown
  finishChunk?: number
  /** Streamed: the deltas could be assembled more than one way; says where. */
  ambiguous?: string
  /** Streamed: every event, read. */
  chunks: ParsedChunk[]
  /** What a client that follows the spec makes of the reply (content, calls, finish reason), as JSON text. */
  clientView: string
}

export function parseChunks(chunks: readonly string[]): ParsedChunk[] {
  return chunks.map((data, index) => {
    if (data.trim() === '[DONE]') return { index, data, done: true }
    try {
      return { index, data, done: false, json: JSON.parse(data) as unknown }
    } catch {
      return { index, data, done: false, notJson: true }
    }
  })
}

/** A reply with nothing in it, unusable for the reason given. */
export function emptyView(exchange: WireExchange, chunks: ParsedChunk[], unusable?: string): ReplyView {
  const view: ReplyView = {
    exchange,
    content: '',
    contentPieces: [],
    reasoning: '',
    reasoningPieces: [],
    calls: [],
    chunks,
    clientView: '',
  }
  if (unusable !== undefined) view.unusable = unusable
  return view
}

export function newCall(): CallView {
  return {
    id: undefined,
    type: undefined,
    name: '',
    argsText: '',
    argsNotStringChunks: [],
    argsNotString: false,
    chunks: [],
    indexes: [],
    ids: [],
    nameChunks: [],
    types: [],
  }
}

/** Why an exchange cannot be judged at all, before its body is read. */
export function exchangeTrouble(exchange: WireExchange): string | undefined {
  if (exchange.error !== undefined) return `the request failed: ${exchange.error}`
  if (exchange.status !== undefined && (exchange.status < 200 || exchange.status > 299))
    return `the server answered HTTP ${exchange.status}`
  if (exchange.truncated) return 'a limit cut the answer short'
  return undefined
}

/** The arguments as JSON when they are (or parse as) JSON, else their text. */
export type ParsedArgs = { json: true; value: unknown } | { json: false; text: string }

export function parsedArgs(call: CallView): ParsedArgs {
  if (call.argsValue !== undefined) return { json: true, value: call.argsValue }
  try {
    return { json: true, value: JSON.parse(call.argsText) as unknown }
  } catch {
    return { json: false, text: call.argsText }
  }
}

/** A call as a comparable text: its name and its arguments, JSON compared by structure. */
export function callSignature(call: CallView): string {
  const args = parsedArgs(call)
  return `${call.name}\u0000${args.json ? canonicalJson(args.value) : `text:${args.text}`}`
}

/** JSON text with object keys sorted, so equal structures give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** The client view as JSON text: what a reader of the issue sees a client end up with. */
export function clientViewText(content: string | null, calls: readonly unknown[], finishReason: unknown): string {
  return JSON.stringify({ content, tool_calls: calls, finish_reason: finishReason ?? null }, null, 2)
}
