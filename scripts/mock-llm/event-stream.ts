/** The head of a Server-Sent Events answer, as OpenAI-compatible servers send it. */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Starts an event-stream answer; the function returned says whether the client has gone since. */
export function openEventStream(req: IncomingMessage, res: ServerResponse): () => boolean {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  })
  let closed = false
  req.on('close', () => (closed = true))
  res.on('close', () => (closed = true))
  return () => closed
}
