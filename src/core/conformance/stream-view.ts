/**
 * A streamed reply assembled tolerantly, so that one fault does not hide the others: a first delta
 * with a new id and a name opens a call even when its index repeats (every call at index 0), and a
 * name sent again on later deltas is not appended to itself. Where the deltas allow more than one
 * reading, the reply says so (`ambiguous`) and the checks that compare calls stay inconclusive.
 */
import { createCompletionAccumulator } from '../chat/completion-accumulator'
import { isRecord } from '../own-record'
import {
  clientViewText,
  emptyView,
  exchangeTrouble,
  newCall,
  parseChunks,
  type CallView,
  type ReplyView,
  type TextPiece,
} from './reply'
import type { WireExchange } from './types'

interface Assembly {
  view: ReplyView
  /** The call last opened at each index. */
  byIndex: Map<unknown, CallView>
  byId: Map<string, CallView>
  last: CallView | undefined
}

export function streamView(exchange: WireExchange): ReplyView {
  const chunks = parseChunks(exchange.chunks)
  const trouble = exchangeTrouble(exchange)
  if (trouble !== undefined) return emptyView(exchange, chunks, trouble)
  if (chunks.length === 0) return emptyView(exchange, chunks, 'no events arrived')
  const bad = chunks.find((chunk) => chunk.notJson || (!chunk.done && !isRecord(chunk.json)))
  if (bad) return emptyView(exchange, chunks, `event ${bad.index} is not a JSON object (see wire-shape/json)`)
  const assembly: Assembly = { view: emptyView(exchange, chunks), byIndex: new Map(), byId: new Map(), last: undefined }
  for (const chunk of chunks) {
    if (chunk.done || !isRecord(chunk.json) || !Array.isArray(chunk.json.choices)) continue
    for (const choice of chunk.json.choices) {
      // One choice is asked for (n = 1); another index would be a second answer.
      if (!isRecord(choice) || (choice.index !== undefined && choice.index !== 0)) continue
      readDelta(assembly, choice.delta, chunk.index)
      if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
        assembly.view.finishReason = choice.finish_reason
        assembly.view.finishChunk = chunk.index
      }
    }
  }
  assembly.view.clientView = specClientView(chunks.map((chunk) => chunk.json))
  return assembly.view
}

function readDelta(assembly: Assembly, delta: unknown, chunk: number): void {
  if (!isRecord(delta)) return
  const { view } = assembly
  if (typeof delta.content === 'string') view.content = append(view.content, view.contentPieces, delta.content, chunk)
  for (const field of ['reasoning_content', 'reasoning'] as const) {
    const text = delta[field]
    if (typeof text === 'string') view.reasoning = append(view.reasoning, view.reasoningPieces, text, chunk)
  }
  if (Array.isArray(delta.tool_calls)) for (const part of delta.tool_calls) readToolDelta(assembly, part, chunk)
}

function append(text: string, pieces: TextPiece[], piece: string, chunk: number): string {
  if (piece !== '') pieces.push({ chunk, start: text.length, end: text.length + piece.length })
  return text + piece
}

function readToolDelta(assembly: Assembly, part: unknown, chunk: number): void {
  const { view } = assembly
  if (!isRecord(part)) {
    view.ambiguous ??= `event ${chunk} holds a tool_calls entry that is not an object`
    return
  }
  const index = part.index
  const id = typeof part.id === 'string' && part.id !== '' ? part.id : undefined
  const fn = isRecord(part.function) ? part.function : undefined
  const name = typeof fn?.name === 'string' && fn.name !== '' ? fn.name : undefined
  const { call: found, ambiguous } = matchDelta(assembly, index, id, name)
  if (ambiguous)
    view.ambiguous ??= `event ${chunk} continues a call at index ${JSON.stringify(index)}, which no delta opened`
  const opened = found === undefined
  let call = found
  if (!call) {
    call = newCall()
    call.openChunk = chunk
    call.openIndex = index
    call.id = id
    call.type = part.type
    view.calls.push(call)
    assembly.byIndex.set(index, call)
    if (id !== undefined && !assembly.byId.has(id)) assembly.byId.set(id, call)
    assembly.last = call
  }
  record(call, part, chunk, id, name, opened)
}

/**
 * The call a delta continues, or undefined when it opens one. A delta with a name opens a call
 * unless it repeats the open call at its index (no id, or that call's id); one without a name
 * continues the call at its index, else the call with its id, else (with no id) the last call.
 */
function matchDelta(
  assembly: Assembly,
  index: unknown,
  id: string | undefined,
  name: string | undefined,
): { call?: CallView; ambiguous?: boolean } {
  const atIndex = assembly.byIndex.get(index)
  if (name !== undefined) {
    if (atIndex && (id === undefined || id === atIndex.id)) return { call: atIndex }
    if (index === undefined && id !== undefined && assembly.byId.has(id)) return { call: assembly.byId.get(id) }
    return {}
  }
  if (atIndex) return { call: atIndex }
  const byId = id !== undefined ? assembly.byId.get(id) : undefined
  if (byId) return { call: byId }
  if (id !== undefined || !assembly.last) return {}
  return { call: assembly.last, ambiguous: true }
}

/** The delta's facts on its call: index, id, name, type and the arguments fragment. */
function record(
  call: CallView,
  part: Record<string, unknown>,
  chunk: number,
  id: string | undefined,
  name: string | undefined,
  opened: boolean,
): void {
  call.chunks.push(chunk)
  call.indexes.push({ chunk, index: part.index })
  if (id !== undefined) call.ids.push({ chunk, id })
  if (part.type !== undefined) call.types.push({ chunk, type: part.type })
  if (name !== undefined) {
    call.nameChunks.push(chunk)
    // A name streamed in pieces is joined; the whole name sent again is not.
    if (opened || call.name === '') call.name = name
    else if (name !== call.name) call.name += name
  }
  const fn = isRecord(part.function) ? part.function : undefined
  const args = fn?.arguments
  if (typeof args === 'string') call.argsText += args
  else if (args !== undefined && args !== null) {
    call.argsNotString = true
    call.argsNotStringChunks.push(chunk)
    if (call.argsText === '' && call.argsValue === undefined) call.argsValue = args
  }
}

/** What this project's spec-following client assembles from the same chunks. */
function specClientView(chunks: readonly unknown[]): string {
  const accumulator = createCompletionAccumulator()
  for (const chunk of chunks) {
    if (chunk === undefined) continue
    try {
      accumulator.apply(chunk)
    } catch {
      // A chunk a client cannot read adds nothing to what it shows.
    }
  }
  const { reply } = accumulator
  return clientViewText(reply.content, reply.toolCalls, reply.finishReason)
}
