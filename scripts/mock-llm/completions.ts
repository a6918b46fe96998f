/**
 * `POST /v1/completions` of the mock server: a prompt in, a text completion out, in OpenAI's legacy
 * completions wire format (`object: "text_completion"`, `choices[0].text`), whole or as Server-Sent
 * Events. `stop` cuts the text at the first stop sequence and `max_tokens` at about four characters
 * a token, with the finish reason a real server gives (`stop` or `length`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { awkwardPieces } from './server'
import type { Turn } from './scenarios'
import { openEventStream } from './event-stream'

/** The body of a completions request, as far as the mock reads it. */
export interface CompletionRequestBody {
  model: string
  prompt: unknown
  stream?: boolean
  stream_options?: { include_usage?: boolean }
  max_tokens?: number
  stop?: string | string[]
  temperature?: number
}

/** A completions scenario: the text (or an HTTP status) to answer a prompt with. */
export type CompletionScenario = (prompt: string, body: CompletionRequestBody) => Turn

/** The prompt as one text: a string, or an array holding one string; null for anything else. */
export function promptText(body: CompletionRequestBody): string | null {
  const { prompt } = body
  if (typeof prompt === 'string') return prompt
  if (Array.isArray(prompt) && prompt.length === 1 && typeof prompt[0] === 'string') return prompt[0]
  return null
}

/** The text a server would send for `content`: cut at the first stop sequence, then at `max_tokens`. */
export function completionText(
  content: string,
  body: Pick<CompletionRequestBody, 'stop' | 'max_tokens'>,
): { text: string; finishReason: 'stop' | 'length' } {
  const stops = (typeof body.stop === 'string' ? [body.stop] : (body.stop ?? [])).filter((s) => s !== '')
  const cut = Math.min(...stops.map((s) => content.indexOf(s)).filter((at) => at >= 0), content.length)
  const stopped = content.slice(0, cut)
  const limit = typeof body.max_tokens === 'number' && body.max_tokens > 0 ? body.max_tokens * 4 : Infinity
  return stopped.length > limit
    ? { text: stopped.slice(0, limit), finishReason: 'length' }
    : { text: stopped, finishReason: 'stop' }
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4))

/** Answers a completions request with `turn`: JSON, or SSE when the body asks for a stream. */
export async function playCompletion(
  turn: Turn,
  prompt: string,
  body: CompletionRequestBody,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (turn.type === 'status') {
    res.writeHead(turn.status, { 'Content-Type': 'application/json' }).end(turn.body)
    return
  }
  const id = `cmpl-mock-${Date.now()}`
  const created = Math.floor(Date.now() / 1000)
  const { text, finishReason } = completionText(turn.content ?? '', body)
  const usage = { prompt_tokens: tokens(prompt), completion_tokens: tokens(text), total_tokens: 0 }
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens
  const head = { id, object: 'text_completion', created, model: body.model }
  if (body.stream !== true) {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        ...head,
        choices: [{ text, index: 0, logprobs: null, finish_reason: finishReason }],
        usage,
      }),
    )
    return
  }
  const gone = openEventStream(req, res)
  const event = (piece: string, finish: string | null) =>
    `data: ${JSON.stringify({ ...head, choices: [{ text: piece, index: 0, logprobs: null, finish_reason: finish }] })}\n\n`
  const events = (turn.chunking === 'whole' ? [text] : awkwardPieces(text))
    .filter((piece) => piece !== '')
    .map((piece) => event(piece, null))
  events.push(event('', finishReason))
  if (body.stream_options?.include_usage) events.push(`data: ${JSON.stringify({ ...head, choices: [], usage })}\n\n`)
  events.push('data: [DONE]\n\n')
  for (const chunk of events) {
    if (gone()) return
    await new Promise<void>((resolve) => res.write(chunk, () => resolve()))
    if (turn.delayMs) await new Promise((resolve) => setTimeout(resolve, turn.delayMs))
  }
  res.end()
}
