/**
 * Why a request to a model endpoint failed, in words a developer can act on. Every failure keeps
 * whatever part of the reply had arrived.
 */
import type { Completion } from './types'

/** What went wrong with a request to a model endpoint; each kind has its own remedy. */
export type ChatErrorKind =
  | 'network' // nothing came back: server down, wrong host or port, DNS
  | 'cors' // the server answered, but the browser may not read it
  | 'http' // the server answered with an error status
  | 'stream-broken' // the connection ended in the middle of the stream
  | 'no-done' // the stream ended without `data: [DONE]`
  | 'malformed' // an event was not the JSON chat-completions chunk it should be
  | 'idle' // no part of the answer arrived for longer than the idle timeout
  | 'too-large' // the server sent more than the endpoint's answer or line limit
  | 'aborted' // the caller's signal stopped it

/**
 * How a model client rejects: a kind to branch on, a message to show, and the reply as far as it got
 * (empty when nothing arrived). `status` is the HTTP status when the server answered with one.
 */
export class ChatRequestError extends Error {
  override readonly name = 'ChatRequestError'
  constructor(
    readonly kind: ChatErrorKind,
    message: string,
    /** The reply as far as it got. */
    readonly partial: Completion = emptyCompletion(),
    /** The HTTP status, for kind `http`. */
    readonly status?: number,
  ) {
    super(message)
  }
}

export function emptyCompletion(): Completion {
  return { content: '', toolCalls: [] }
}

/** A message for an HTTP error status, with the server's own words when it sent any. */
export function httpErrorMessage(status: number, url: string, body: string): string {
  const detail = serverErrorDetail(body)
  const said = detail ? ` The server said: ${detail}` : ''
  switch (status) {
    case 401:
      return `401 Unauthorized from ${url}: the API key is missing or wrong.${said}`
    case 403:
      return `403 Forbidden from ${url}: the key has no access to this model or endpoint.${said}`
    case 404:
      return `404 Not Found: ${url} does not exist. Check the base URL (it usually ends in /v1) and the model name.${said}`
    case 429:
      return `429 Too Many Requests from ${url}: rate limit or quota reached; wait and try again.${said}`
    default:
      return status >= 500
        ? `${status} server error from ${url}: the model server failed.${said}`
        : `HTTP ${status} from ${url}.${said}`
  }
}

/** `{"error":{"message":...}}` (OpenAI and most compatible servers), else the body's start. */
function serverErrorDetail(body: string): string {
  const text = body.trim()
  if (!text) return ''
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') {
      const error = (parsed as { error?: unknown }).error
      if (typeof error === 'string') return error
      if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
        return (error as { message: string }).message
      const message = (parsed as { message?: unknown }).message
      if (typeof message === 'string') return message
    }
  } catch {
    // not JSON: show the text itself
  }
  return text.length > 300 ? text.slice(0, 300) + '…' : text
}
