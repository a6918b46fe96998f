/**
 * The conformance lab's known-good server and its broken twins: one OpenAI-compatible server (127.0.0.1
 * only) where the model `reference` answers by the rules of the reference model, `reference:thinking`
 * does so as a reasoning model, and `reference:<fault>` breaks one part of the tool-calling contract.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { referenceReply } from './reference-model'
import { isReferenceFault, REFERENCE_FAULTS, writeReferenceReply, type ReferenceFault } from './reference-wire'

export const REFERENCE_MODELS: readonly string[] = [
  'reference',
  'reference:thinking',
  ...REFERENCE_FAULTS.map((fault) => `reference:${fault.name}`),
]

export interface ReferenceServerOptions {
  /** @default 0 (any free port) */
  port?: number
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string
}

export interface ReferenceRequest {
  method: string
  path: string
  authorization?: string
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown
}

export interface ReferenceServer {
  /** `http://127.0.0.1:PORT/v1` */
  baseUrl: string
  port: number
  /** Every request received, oldest first. */
  requests: ReferenceRequest[]
  close(): Promise<void>
}

/** Whether a chat request is meant for this server's models (so another server can hand it over). */
export function isReferenceModel(model: unknown): boolean {
  return typeof model === 'string' && (model === 'reference' || model.startsWith('reference:'))
}

/** Answers one parsed `POST /v1/chat/completions` body addressed to a reference model. */
export function handleReferenceChat(body: unknown, res: ServerResponse): void {
  const request =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const model = request.model
  if (typeof model !== 'string' || !REFERENCE_MODELS.includes(model)) {
    sendError(res, 404, `The model "${String(model)}" does not exist. Models: ${REFERENCE_MODELS.join(', ')}.`)
    return
  }
  if (!Array.isArray(request.messages)) {
    sendError(res, 400, '`messages` must be an array.')
    return
  }
  const variant = model.slice('reference:'.length)
  const fault = isReferenceFault(variant) ? variant : undefined
  if (fault === 'reject-tool-messages' && hasToolTurns(request.messages)) {
    sendError(res, 400, 'Unexpected message role: tool')
    return
  }
  // Reading a field of a string, number or null through `?.` is undefined, never a throw.
  const streamOptions = request.stream_options as { include_usage?: unknown } | null | undefined
  writeReferenceReply(res, referenceReply(requestAsSeen(request, fault)), {
    model,
    stream: request.stream === true,
    includeUsage: streamOptions?.include_usage === true,
    thinking: variant === 'thinking',
    fault,
    promptTokens: Math.max(1, Math.ceil(JSON.stringify(request.messages).length / 4)),
  })
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const requests: ReferenceRequest[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, `reference server failure: ${String(error)}`)
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The lab may run in a browser page, which needs CORS to read the answers.
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const raw = await readBody(req)
    const body = parseJson(raw)
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body: body?.value })
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendError(res, 401, 'Incorrect API key provided.')
      return
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const data = REFERENCE_MODELS.map((id) => ({ id, object: 'model', owned_by: 'reference' }))
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ object: 'list', data }))
      return
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      if (body) handleReferenceChat(body.value, res)
      else sendError(res, 400, 'The request body is not JSON.')
      return
    }
    sendError(res, 404, `No route ${req.method} ${path}. Try GET /v1/models or POST /v1/chat/completions.`)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The tool choice as a faulty server reads it; every other fault leaves the request alone. */
function requestAsSeen(request: Record<string, unknown>, fault: ReferenceFault | undefined): Record<string, unknown> {
  const choice = request.tool_choice
  const ignored =
    (fault === 'required-ignored' && choice === 'required') ||
    (fault === 'none-ignored' && choice === 'none') ||
    (fault === 'named-ignored' && typeof choice === 'object' && choice !== null)
  return ignored ? { ...request, tool_choice: 'auto' } : request
}

/** A tool result, or an assistant turn that made calls. */
function hasToolTurns(messages: unknown[]): boolean {
  return messages.some((message) => {
    if (typeof message !== 'object' || message === null) return false
    const { role, tool_calls: calls } = message as Record<string, unknown>
    return role === 'tool' || (role === 'assistant' && Array.isArray(calls) && calls.length > 0)
  })
}

/** `{ value }` for JSON text, undefined for none or anything else. */
function parseJson(raw: string): { value: unknown } | undefined {
  if (!raw) return undefined
  try {
    return { value: JSON.parse(raw) as unknown }
  } catch {
    return undefined
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (data += chunk))
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }))
}
