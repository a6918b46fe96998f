/**
 * Reading a chat-completions answer streamed as Server-Sent Events: each event merged into the
 * reply, the answer and line limits held to, and a stream that breaks, stalls or ends without
 * `data: [DONE]` reported with the reply as far as it got.
 */
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser'
import { ChatRequestError } from './errors'
import { createCompletionAccumulator } from './completion-accumulator'
import { abortError, describe, excerpt } from './endpoint-errors'
import type { IdleWatch } from './idle-watch'
import type { ExchangeCapture } from './raw-exchange'
import type { Completion, CompletionCallbacks } from './types'

/** The most bytes a streamed answer, and one line of it, may take. */
export interface StreamLimits {
  answer: number
  line: number
}

/** How far the stream got: `data: [DONE]` seen, or why reading stopped early. */
interface StreamState {
  done: boolean
  malformed: string | null
  tooLarge: string | null
}

type Accumulator = ReturnType<typeof createCompletionAccumulator>

/**
 * The reply a stream of chat-completion chunks adds up to; throws a ChatRequestError that keeps it
 * when the stream fails. Each event read is also handed to `capture`, in order.
 */
export async function readStream(
  body: ReadableStream<Uint8Array>,
  url: string,
  callbacks: CompletionCallbacks,
  idle: IdleWatch,
  limits: StreamLimits,
  capture?: ExchangeCapture,
): Promise<Completion> {
  const accumulator = createCompletionAccumulator()
  const { reply } = accumulator
  const state: StreamState = { done: false, malformed: null, tooLarge: null }
  const parser = createParser({
    onEvent: (event) => {
      capture?.event(event.data, event.event)
      readEvent(event, state, accumulator, url, callbacks)
    },
  })
  const reader = body.getReader()
  try {
    await readChunks(reader, parser, state, accumulator, idle, limits)
  } catch (error) {
    if (idle.fired()) throw idle.error(url, copy(reply))
    if (callbacks.signal?.aborted) throw abortError(callbacks.signal, copy(reply))
    throw new ChatRequestError(
      'stream-broken',
      `The connection to ${url} broke after ${reply.content.length} characters of the reply: ${describe(error)}.`,
      copy(reply),
    )
  } finally {
    reader.cancel().catch(() => undefined)
  }
  const failure = unfinishedStreamError(state, url, reply)
  if (failure) throw failure
  return reply
}

/** One event of the stream: a chunk merged into the reply, `[DONE]`, or an error the server sent. */
function readEvent(
  event: EventSourceMessage,
  state: StreamState,
  accumulator: Accumulator,
  url: string,
  callbacks: CompletionCallbacks,
): void {
  if (state.done || state.malformed !== null) return
  // As the SSE spec says: an event with no data is not dispatched. Named events (a server's
  // "ping", say) are not chat chunks; only "error" is read, for its message.
  if (event.data === '') return
  if (event.event !== undefined && event.event !== 'message') {
    if (event.event === 'error') state.malformed = `The server reported an error in the stream: ${excerpt(event.data)}`
    return
  }
  if (event.data.trim() === '[DONE]') {
    state.done = true
    return
  }
  let chunk: unknown
  try {
    chunk = JSON.parse(event.data)
    const errorField = (chunk as { error?: { message?: unknown } } | null)?.error
    if (errorField) {
      state.malformed = `The server reported an error in the stream: ${typeof errorField.message === 'string' ? errorField.message : JSON.stringify(errorField)}`
      return
    }
    const added = accumulator.apply(chunk)
    callbacks.onUpdate?.(accumulator.reply, added)
  } catch (error) {
    state.malformed = `${url} sent an event that is not a chat-completions chunk (${error instanceof Error ? error.message : String(error)}): ${excerpt(event.data)}`
  }
}

/** Feeds the body to the parser until the stream ends, `[DONE]` or a bad event arrives, or a limit is passed. */
async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  parser: EventSourceParser,
  state: StreamState,
  accumulator: Accumulator,
  idle: IdleWatch,
  limits: StreamLimits,
): Promise<void> {
  const decoder = new TextDecoder()
  let received = 0
  // Bytes since the last line end: a line without end would otherwise grow in the parser forever.
  let lineBytes = 0
  for (;;) {
    const { value, done: ended } = await reader.read()
    if (ended) {
      parser.feed(decoder.decode())
      return
    }
    const lines = lineLengths(value, lineBytes)
    lineBytes = lines.tail
    if (lines.longest > limits.line) {
      state.tooLarge = `The server sent more than ${sizeText(limits.line)} in one line (this endpoint's line limit), so the answer was stopped`
      return
    }
    // Only the bytes within the answer limit are read, so the answer kept never passes it.
    const overLimit = received + value.length > limits.answer
    const within = overLimit ? value.subarray(0, limits.answer - received) : value
    received += within.length
    const before = accumulator.progress
    parser.feed(decoder.decode(within, { stream: true }))
    // Only what adds to the answer keeps the request alive, not keep-alive bytes.
    if (accumulator.progress !== before || state.done) idle.touch()
    if (state.malformed !== null) return
    if (state.done) return
    if (overLimit) {
      state.tooLarge = `The server sent more than ${sizeText(limits.answer)} (this endpoint's answer limit), so the answer was stopped`
      return
    }
  }
}

/** The error for a stream that stopped at a limit, on a bad event, or without `[DONE]`; null when it finished. */
function unfinishedStreamError(state: StreamState, url: string, reply: Completion): ChatRequestError | null {
  if (state.tooLarge !== null)
    return new ChatRequestError(
      'too-large',
      `${state.tooLarge}; ${reply.content.length.toLocaleString('en-US')} characters were received and kept. Raise the limit in the endpoint's settings if the answer is meant to be this long.`,
      copy(reply),
    )
  if (state.malformed !== null) return new ChatRequestError('malformed', state.malformed, copy(reply))
  if (state.done) return null
  const finished = reply.finishReason ? ` (the last chunk said finish_reason "${reply.finishReason}")` : ''
  return new ChatRequestError(
    'no-done',
    `The stream from ${url} ended without "data: [DONE]"${finished}, so the reply may be incomplete. ${reply.content.length} characters were received and kept.`,
    copy(reply),
  )
}

/**
 * The longest line in a piece of the stream (the line it starts in counts what came before it),
 * and the length of the line it ends in, still open.
 */
function lineLengths(bytes: Uint8Array, carried: number): { longest: number; tail: number } {
  let longest = 0
  let start = 0
  let open = carried
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at] as number
    if (byte !== 10 && byte !== 13) continue
    longest = Math.max(longest, open + at - start)
    open = 0
    start = at + 1
  }
  const tail = open + bytes.length - start
  return { longest: Math.max(longest, tail), tail }
}

/** Bytes, as a person reads a limit: "16 MB", "512 KB". */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`
}

/** A copy of the reply for an error, so the error keeps it as it was when the request failed. */
function copy(reply: Completion): Completion {
  return { ...reply, toolCalls: reply.toolCalls.map((call) => ({ ...call, function: { ...call.function } })) }
}
