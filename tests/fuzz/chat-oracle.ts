/**
 * What the chat client owes any stream a server sends, checked in one place: it ends (the stream
 * always does here), it throws nothing but a ChatRequestError, the answer it keeps is a prefix of
 * what the stream carried, a line past the line limit ends the answer with that reason, and the
 * answer kept never takes more bytes than the answer limit.
 */
import { ChatRequestError, createOpenAIClient } from '../../src/core'
import { contentOf, streamBytes, type ChatStreamCase } from './chat-stream'

export const FUZZ_LINE_LIMIT = 16 * 1024
/** Small enough that many generated streams pass it. */
export const FUZZ_ANSWER_LIMIT = 64
const HUGE_LINE = FUZZ_LINE_LIMIT * 4

/** The first thing wrong with reading this stream, or null. `limits` are the client's (a test may loosen them). */
export async function checkChatStream(
  input: ChatStreamCase,
  limits: { maxLineBytes?: number; maxAnswerBytes?: number } = { maxLineBytes: FUZZ_LINE_LIMIT },
): Promise<string | null> {
  const pieces = streamBytes(input, HUGE_LINE)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift()
      if (next) controller.enqueue(next)
      else controller.close()
    },
  })
  const fetchImpl = async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
  const client = createOpenAIClient(
    { baseUrl: 'http://127.0.0.1:9/v1', model: 'fuzz', idleTimeoutMs: 0, ...limits },
    fetchImpl,
  )
  let content: string
  let failure: ChatRequestError | null = null
  try {
    content = (await client.complete({ messages: [{ role: 'user', content: 'hi' }] })).content
  } catch (error) {
    if (!(error instanceof ChatRequestError))
      return `threw something else: ${error instanceof Error ? error.stack : String(error)}`
    failure = error
    content = error.partial.content
  }
  const carried = contentOf(input)
  if (!carried.startsWith(content))
    return `the answer kept (${JSON.stringify(content.slice(0, 120))}) is not a prefix of what the stream carried (${JSON.stringify(carried.slice(0, 120))})`
  const keptBytes = new TextEncoder().encode(content).length
  if (limits.maxAnswerBytes !== undefined && keptBytes > limits.maxAnswerBytes) {
    return `the answer kept takes ${keptBytes} bytes, more than the answer limit of ${limits.maxAnswerBytes} (ended as ${failure?.kind ?? 'a complete answer'})`
  }
  // The huge line is all 'z': if any of it reached the SSE parser, the line limit did not hold.
  if (input.hugeLine && failure !== null && failure.kind !== 'too-large' && failure.message.includes('z'.repeat(64))) {
    return `a line of ${HUGE_LINE} bytes passed the line limit of ${limits.maxLineBytes} (ended as ${failure.kind}: ${failure.message.slice(0, 100)})`
  }
  return null
}
