/**
 * A client for OpenAI-compatible chat endpoints (OpenAI, Ollama, LM Studio, vLLM, llama.cpp):
 * `POST /chat/completions` streamed as Server-Sent Events, and `GET /models`.
 */
import { createParser } from 'eventsource-parser'
import { countBelow } from '../text/sorted'
import { ChatRequestError, emptyCompletion, httpErrorMessage } from './errors'
import type {
  Completion,
  CompletionCallbacks,
  CompletionRequest,
  ModelClient,
  NativeToolCall,
  TokenUsage,
} from './types'

export interface EndpointSettings {
  /** E.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`, or a path on this origin. */
  baseUrl: string
  apiKey?: string
  model: string
  temperature?: number
  maxTokens?: number
  /** Ask for token usage at the end of the stream (`stream_options.include_usage`). @default true */
  includeUsage?: boolean
  /**
   * The request fails when no part of the answer arrives for this long: before the response, or
   * between two pieces that add to the answer (keep-alive comments, empty events and bytes of an
   * unfinished event do not count). A local model loading can take a while. 0: wait forever.
   * @default 120000
   */
  idleTimeoutMs?: number
  /** The most a streamed answer may take on the wire; past it the round ends, the answer so far kept. @default 16 MB */
  maxAnswerBytes?: number
  /** The longest line of the stream (an SSE event's data is one line). @default 4 MB */
  maxLineBytes?: number
}

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024
/** Error bodies and non-stream answers are read up to this many characters. */
const MAX_BODY_CHARS = 64 * 1024
const KEY_REMOVED = '[API key removed]'

/** `text` with every occurrence of `secret` (an API key a server echoed back) replaced. */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 && text.includes(secret) ? text.split(secret).join(KEY_REMOVED) : text
}

type Fetch = typeof fetch

export function endpointUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path
}

function headers(settings: Pick<EndpointSettings, 'apiKey'>): Record<string, string> {
  const out: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' }
  if (settings.apiKey) out.Authorization = `Bearer ${settings.apiKey}`
  return out
}

export function createOpenAIClient(
  settings: EndpointSettings,
  fetchImpl: Fetch = (...args) => fetch(...args),
): ModelClient {
  return {
    async complete(request: CompletionRequest, callbacks: CompletionCallbacks = {}): Promise<Completion> {
      const url = endpointUrl(settings.baseUrl, '/chat/completions')
      const body: Record<string, unknown> = { model: settings.model, messages: request.messages, stream: true }
      if (settings.includeUsage !== false) body.stream_options = { include_usage: true }
      if (settings.temperature !== undefined) body.temperature = settings.temperature
      if (settings.maxTokens !== undefined) body.max_tokens = settings.maxTokens
      if (request.tools && request.tools.length > 0) body.tools = request.tools
      const idle = idleWatch(settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, callbacks.signal)
      try {
        let response: Response
        try {
          response = await fetchImpl(url, {
            method: 'POST',
            headers: headers(settings),
            body: JSON.stringify(body),
            signal: idle.signal,
          })
        } catch (error) {
          if (idle.fired()) throw idle.error(url, emptyCompletion())
          throw await connectionError(error, url, callbacks.signal, fetchImpl)
        }
        if (!response.ok)
          throw new ChatRequestError(
            'http',
            httpErrorMessage(response.status, url, await safeText(response)),
            emptyCompletion(),
            response.status,
          )
        if (!response.body) throw new ChatRequestError('malformed', `${url} answered without a body.`)
        const type = response.headers.get('content-type') ?? ''
        if (!/text\/event-stream/i.test(type) && type !== '') return await readWhole(response, url, type)
        return await readStream(response.body, url, callbacks, idle, {
          answer: settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
          line: settings.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
        })
      } catch (error) {
        throw error instanceof ChatRequestError ? withoutKey(error, settings.apiKey) : error
      } finally {
        idle.stop()
      }
    },
  }
}

/** The same error with the endpoint's key taken out of its message and partial reply. */
function withoutKey(error: ChatRequestError, apiKey: string | undefined): ChatRequestError {
  if (!apiKey) return error
  const partial = { ...error.partial, content: redactSecret(error.partial.content, apiKey) }
  return new ChatRequestError(error.kind, redactSecret(error.message, apiKey), partial, error.status)
}

interface IdleWatch {
  /** Aborts on the caller's signal and when the idle timeout fires. */
  signal: AbortSignal
  /** Something arrived: the idle clock starts again. */
  touch(): void
  fired(): boolean
  error(url: string, partial: Completion): ChatRequestError
  stop(): void
}

function idleWatch(timeoutMs: number, outer: AbortSignal | undefined): IdleWatch {
  const controller = new AbortController()
  let fired = false
  let timer: ReturnType<typeof setTimeout> | null = null
  const onOuter = (): void => controller.abort(outer?.reason)
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  const arm = (): void => {
    if (timeoutMs <= 0) return
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => {
      fired = true
      controller.abort(new Error(`nothing arrived for ${timeoutMs} ms`))
    }, timeoutMs)
  }
  arm()
  return {
    signal: controller.signal,
    touch: arm,
    fired: () => fired,
    error: (url, partial) =>
      new ChatRequestError(
        'idle',
        `${partial.content || partial.toolCalls.length ? 'No part of the answer arrived' : 'Nothing arrived'} from ${url} for ${Math.round(timeoutMs / 1000)} s (keep-alive comments and unfinished events do not count), so the request was stopped; ${partial.content.length} characters were received and kept. ` +
          'A slow local model may need a longer idle timeout (endpoint settings).',
        partial,
      ),
    stop() {
      if (timer !== null) clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
    },
  }
}

/**
 * A 200 answer that is not an event stream: a non-streamed completion (some servers ignore
 * `stream: true`) is accepted as the reply; anything else (an HTML page, say) is an error.
 */
async function readWhole(response: Response, url: string, type: string): Promise<Completion> {
  const text = await safeText(response)
  let parsed: unknown = undefined
  if (/json/i.test(type)) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
  }
  const choices = (parsed as { choices?: unknown } | null | undefined)?.choices
  if (!Array.isArray(choices)) {
    const what = /html/i.test(type) ? 'an HTML page' : `"${type}"`
    throw new ChatRequestError(
      'malformed',
      `${url} answered with ${what}, not a stream of chat-completion events; is the base URL right (it usually ends in /v1)? It began: ${excerpt(text)}`,
    )
  }
  const reply = emptyCompletion()
  const first = choices[0] as
    | { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }
    | undefined
  if (typeof first?.message?.content === 'string') reply.content = first.message.content
  if (Array.isArray(first?.message?.tool_calls)) {
    reply.toolCalls = first.message.tool_calls
      .filter(
        (c: unknown): c is { id?: unknown; function?: { name?: unknown; arguments?: unknown } } =>
          c !== null && typeof c === 'object',
      )
      .map((c) => ({
        id: typeof c.id === 'string' ? c.id : '',
        type: 'function' as const,
        function: {
          name: typeof c.function?.name === 'string' ? c.function.name : '',
          arguments:
            typeof c.function?.arguments === 'string'
              ? c.function.arguments
              : JSON.stringify(c.function?.arguments ?? {}),
        },
      }))
  }
  if (typeof first?.finish_reason === 'string') reply.finishReason = first.finish_reason
  const usage = (parsed as { usage?: unknown }).usage
  if (isUsage(usage)) reply.usage = copyUsage(usage)
  return reply
}

function excerpt(text: string): string {
  return text.length > 120 ? text.slice(0, 120) + '…' : text
}

/** Merges streamed chunks into one reply: content appended, tool calls joined by index. */
export function createCompletionAccumulator() {
  const reply: Completion = emptyCompletion()
  const calls = new Map<number, NativeToolCall>()
  // Indexes in order, kept sorted as new ones arrive (a sort per chunk was quadratic).
  const order: number[] = []
  let grown = 0
  return {
    reply,
    /** Goes up whenever the reply gains something: text, tool-call text, a finish reason, usage. */
    get progress(): number {
      return grown
    },
    /** Applies one parsed chunk; returns the text it added to the content. */
    apply(chunk: unknown): string {
      if (!chunk || typeof chunk !== 'object') throw new TypeError('the chunk is not a JSON object')
      const { choices, usage } = chunk as { choices?: unknown; usage?: unknown }
      if (isUsage(usage)) {
        reply.usage = copyUsage(usage)
        grown++
      }
      if (!Array.isArray(choices)) return ''
      let added = ''
      for (const choice of choices as {
        delta?: { content?: unknown; tool_calls?: unknown }
        finish_reason?: unknown
      }[]) {
        const delta = choice?.delta
        if (delta && typeof delta.content === 'string') {
          reply.content += delta.content
          added += delta.content
          grown += delta.content.length
        }
        if (delta && Array.isArray(delta.tool_calls)) {
          for (const part of delta.tool_calls) {
            const before = toolCallSize(calls)
            const added = mergeToolCall(calls, part)
            if (added !== null)
              reply.toolCalls.splice(insertSorted(order, added), 0, calls.get(added) as NativeToolCall)
            grown += toolCallSize(calls) - before + (added !== null ? 1 : 0)
          }
        }
        if (typeof choice?.finish_reason === 'string' && reply.finishReason !== choice.finish_reason) {
          reply.finishReason = choice.finish_reason
          grown++
        }
      }
      return added
    },
  }
}

/** How much tool-call text the calls hold (names and arguments). */
function toolCallSize(calls: Map<number, NativeToolCall>): number {
  let size = 0
  for (const call of calls.values()) size += call.function.name.length + call.function.arguments.length + call.id.length
  return size
}

/** Inserts `value` into the sorted list; returns where it went. */
function insertSorted(list: number[], value: number): number {
  const lo = countBelow(list, value)
  list.splice(lo, 0, value)
  return lo
}

/** Merges one delta into its call; returns the call's index when the call is new, else null. */
function mergeToolCall(calls: Map<number, NativeToolCall>, part: unknown): number | null {
  if (!part || typeof part !== 'object') return null
  const {
    index,
    id,
    function: fn,
  } = part as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }
  let key = typeof index === 'number' && Number.isFinite(index) ? index : calls.size
  while (typeof index !== 'number' && calls.has(key)) key++
  let call = calls.get(key)
  const isNew = !call
  if (!call) calls.set(key, (call = { id: '', type: 'function', function: { name: '', arguments: '' } }))
  if (typeof id === 'string' && id) call.id = id
  if (fn && typeof fn.name === 'string') call.function.name += fn.name
  if (fn && typeof fn.arguments === 'string') call.function.arguments += fn.arguments
  return isNew ? key : null
}

/** The three counts only, whatever else a server put beside them. */
function copyUsage(usage: TokenUsage): TokenUsage {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
  }
}

function isUsage(value: unknown): value is TokenUsage {
  if (!value || typeof value !== 'object') return false
  const usage = value as Record<string, unknown>
  return (
    typeof usage.prompt_tokens === 'number' &&
    typeof usage.completion_tokens === 'number' &&
    typeof usage.total_tokens === 'number'
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

async function readStream(
  body: ReadableStream<Uint8Array>,
  url: string,
  callbacks: CompletionCallbacks,
  idle: IdleWatch,
  limits: { answer: number; line: number },
): Promise<Completion> {
  const accumulator = createCompletionAccumulator()
  const { reply } = accumulator
  let done = false
  let malformed: string | null = null
  const parser = createParser({
    onEvent(event) {
      if (done || malformed !== null) return
      // As the SSE spec says: an event with no data is not dispatched. Named events (a server's
      // "ping", say) are not chat chunks; only "error" is read, for its message.
      if (event.data === '') return
      if (event.event !== undefined && event.event !== 'message') {
        if (event.event === 'error') malformed = `The server reported an error in the stream: ${excerpt(event.data)}`
        return
      }
      if (event.data.trim() === '[DONE]') {
        done = true
        return
      }
      let chunk: unknown
      try {
        chunk = JSON.parse(event.data)
        const errorField = (chunk as { error?: { message?: unknown } } | null)?.error
        if (errorField) {
          malformed = `The server reported an error in the stream: ${typeof errorField.message === 'string' ? errorField.message : JSON.stringify(errorField)}`
          return
        }
        const added = accumulator.apply(chunk)
        callbacks.onUpdate?.(reply, added)
      } catch (error) {
        malformed = `${url} sent an event that is not a chat-completions chunk (${error instanceof Error ? error.message : String(error)}): ${excerpt(event.data)}`
      }
    },
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let received = 0
  // Bytes since the last line end: a line without end would otherwise grow in the parser forever.
  let lineBytes = 0
  let tooLarge: string | null = null
  try {
    for (;;) {
      const { value, done: ended } = await reader.read()
      if (ended) {
        parser.feed(decoder.decode())
        break
      }
      const lines = lineLengths(value, lineBytes)
      lineBytes = lines.tail
      if (lines.longest > limits.line) {
        tooLarge = `The server sent more than ${sizeText(limits.line)} in one line (this endpoint's line limit), so the answer was stopped`
        break
      }
      // Only the bytes within the answer limit are read, so the answer kept never passes it.
      const overLimit = received + value.length > limits.answer
      const within = overLimit ? value.subarray(0, limits.answer - received) : value
      received += within.length
      const before = accumulator.progress
      parser.feed(decoder.decode(within, { stream: true }))
      // Only what adds to the answer keeps the request alive, not keep-alive bytes.
      if (accumulator.progress !== before || done) idle.touch()
      if (malformed !== null) break
      if (done) break
      if (overLimit) {
        tooLarge = `The server sent more than ${sizeText(limits.answer)} (this endpoint's answer limit), so the answer was stopped`
        break
      }
    }
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
  if (tooLarge !== null)
    throw new ChatRequestError(
      'too-large',
      `${tooLarge}; ${reply.content.length.toLocaleString('en-US')} characters were received and kept. Raise the limit in the endpoint's settings if the answer is meant to be this long.`,
      copy(reply),
    )
  if (malformed !== null) throw new ChatRequestError('malformed', malformed, copy(reply))
  if (!done) {
    const finished = reply.finishReason ? ` (the last chunk said finish_reason "${reply.finishReason}")` : ''
    throw new ChatRequestError(
      'no-done',
      `The stream from ${url} ended without "data: [DONE]"${finished}, so the reply may be incomplete. ${reply.content.length} characters were received and kept.`,
      copy(reply),
    )
  }
  return reply
}

function copy(reply: Completion): Completion {
  return { ...reply, toolCalls: reply.toolCalls.map((call) => ({ ...call, function: { ...call.function } })) }
}

function abortError(signal: AbortSignal, partial: Completion): ChatRequestError {
  const reason: unknown = signal.reason
  const said = reason instanceof Error && reason.message ? reason.message : 'aborted'
  return new ChatRequestError('aborted', `The request was aborted (${said}).`, partial)
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
  }
  return String(error)
}

/** The body as text, at most MAX_BODY_CHARS of it (an error page can be any size). */
async function safeText(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    while (text.length < MAX_BODY_CHARS) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } catch {
    // What arrived is what there is.
  } finally {
    reader.cancel().catch(() => undefined)
  }
  return text.length > MAX_BODY_CHARS ? text.slice(0, MAX_BODY_CHARS) : text
}

/**
 * fetch() failed before any response. Browsers report a CORS refusal and an unreachable server
 * the same way; a `no-cors` probe tells them apart: it succeeds when the server is up.
 */
async function connectionError(
  error: unknown,
  url: string,
  signal: AbortSignal | undefined,
  fetchImpl: Fetch,
): Promise<ChatRequestError> {
  if (signal?.aborted) return abortError(signal, emptyCompletion())
  const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined'
  if (inBrowser) {
    let reachable = false
    try {
      await fetchImpl(url, { mode: 'no-cors', method: 'GET' })
      reachable = true
    } catch {
      // unreachable indeed
    }
    if (reachable) {
      return new ChatRequestError(
        'cors',
        `${url} is reachable but does not allow requests from this page (CORS). Allow this origin on the server, or use the workbench's proxy: base URL "/llm-proxy/PORT/v1" for a server on 127.0.0.1:PORT.`,
      )
    }
  }
  return new ChatRequestError(
    'network',
    `Could not connect to ${url}: ${describe(error)}. Is the server running, and is the base URL right?`,
  )
}

export interface ModelList {
  models: string[]
}

/** `GET /models`: the model ids the endpoint offers, or a ChatRequestError that says why not. */
export async function listModels(
  settings: Pick<EndpointSettings, 'baseUrl' | 'apiKey'>,
  fetchImpl: Fetch = (...args) => fetch(...args),
  signal?: AbortSignal,
): Promise<ModelList> {
  const url = endpointUrl(settings.baseUrl, '/models')
  let response: Response
  try {
    const auth: Record<string, string> = settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}
    response = await fetchImpl(url, { headers: auth, signal: signal ?? null })
  } catch (error) {
    throw await connectionError(error, url, signal, fetchImpl)
  }
  const text = await safeText(response)
  if (!response.ok)
    throw new ChatRequestError('http', httpErrorMessage(response.status, url, text), emptyCompletion(), response.status)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatRequestError(
      'malformed',
      `${url} did not answer with JSON; is this an OpenAI-compatible base URL? It began: ${text.slice(0, 80)}`,
    )
  }
  const data = (parsed as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) throw new ChatRequestError('malformed', `${url} answered without a "data" list of models.`)
  const models = data
    .map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string')
  return { models }
}
