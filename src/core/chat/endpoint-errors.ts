/**
 * What went wrong with a request to a model endpoint, in words: a connection that failed (a CORS
 * refusal told apart from a server that is down), an abort, and an error body read safely.
 */
import { ChatRequestError, emptyCompletion } from './errors'
import type { Completion } from './types'

/** Error bodies and non-stream answers are read up to this many characters. */
const MAX_BODY_CHARS = 64 * 1024

/** The start of a text, for a message: at most 120 characters, with an ellipsis when cut. */
export function excerpt(text: string): string {
  return text.length > 120 ? text.slice(0, 120) + '…' : text
}

/** An `aborted` error that quotes the signal's reason and keeps the reply so far. */
export function abortError(signal: AbortSignal, partial: Completion): ChatRequestError {
  const reason: unknown = signal.reason
  const said = reason instanceof Error && reason.message ? reason.message : 'aborted'
  return new ChatRequestError('aborted', `The request was aborted (${said}).`, partial)
}

/** An error's message with its cause's (fetch puts the network's reason there). */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
  }
  return String(error)
}

/** The body as text, at most MAX_BODY_CHARS of it (an error page can be any size). */
export async function safeText(response: Response): Promise<string> {
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
export async function connectionError(
  error: unknown,
  url: string,
  signal: AbortSignal | undefined,
  fetchImpl: typeof fetch,
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
