/**
 * A local OpenAI-compatible server (127.0.0.1 only) that replays scripted turns over real
 * Server-Sent Events. The model name picks the scenario; the number of assistant messages in the
 * request picks the turn, so a conversation replays the same way every time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { ChatMessage } from '../../src/core'
import { scenarios as builtinScenarios, type Scenario, type Turn } from './scenarios'
import { handleReferenceChat, isReferenceModel, REFERENCE_MODELS } from './reference-server'
import { playCompletion, promptText, type CompletionRequestBody, type CompletionScenario } from './completions'
import { createEvalCompletionScenarios } from './eval-scenarios'
import { openEventStream } from './event-stream'

export interface MockLlmOptions {
  /** @default 0 (any free port) */
  port?: number
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string
  /** Send CORS headers, as hosted APIs do. @default true */
  cors?: boolean
  scenarios?: Record<string, Scenario>
  /**
   * How `POST /v1/completions` answers a model's prompt; a model with none here answers with its
   * chat scenario, the prompt given as one user message.
   * @default the eval completions scenarios
   */
  completionScenarios?: Record<string, CompletionScenario>
}

export interface RecordedRequest {
  method: string
  path: string
  authorization?: string
  origin?: string
  body: ChatRequestBody | null
}

export interface ChatRequestBody {
  model: string
  messages: ChatMessage[]
  stream?: boolean
  stream_options?: { include_usage?: boolean }
  tools?: { type: string; function: { name: string } }[]
  temperature?: number
  max_tokens?: number
}

export interface MockLlm {
  /** The base URL clients use: `http://127.0.0.1:PORT/v1`. */
  baseUrl: string
  port: number
  /** Every request received, oldest first. */
  requests: RecordedRequest[]
  /** The chat requests only. */
  chatRequests(): ChatRequestBody[]
  close(): Promise<void>
}

export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const scenarios = options.scenarios ?? builtinScenarios
  const completionScenarios = options.completionScenarios ?? createEvalCompletionScenarios()
  const cors = options.cors ?? true
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `mock server failure: ${String(error)}` } })
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*')
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const raw = await readBody(req)
    let body: ChatRequestBody | null = null
    if (raw) {
      try {
        body = JSON.parse(raw) as ChatRequestBody
      } catch {
        sendJson(res, 400, { error: { message: 'The request body is not JSON.' } })
        return
      }
    }
    requests.push({
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      origin: req.headers.origin,
      body,
    })
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      })
      return
    }
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: [...Object.keys(scenarios), ...REFERENCE_MODELS].map((id) => ({
          id,
          object: 'model',
          owned_by: 'mock-llm',
        })),
      })
      return
    }
    if (req.method === 'POST' && path === '/v1/chat/completions' && body) {
      // The conformance lab's reference models answer by rule, not by script.
      if (isReferenceModel(body.model)) {
        handleReferenceChat(body, res)
        return
      }
      const scenario = scenarios[body.model]
      if (!scenario) {
        sendJson(res, 404, {
          error: {
            message: `The model "${body.model}" does not exist. Models: ${Object.keys(scenarios).join(', ')}.`,
            code: 'model_not_found',
          },
        })
        return
      }
      const round = body.messages.filter((message) => message.role === 'assistant').length
      await play(scenario(body, round), body, req, res)
      return
    }
    if (req.method === 'POST' && path === '/v1/completions' && body) {
      await complete(body as unknown as CompletionRequestBody, req, res)
      return
    }
    sendJson(res, 404, {
      error: {
        message: `No route ${req.method} ${path}. Try GET /v1/models, POST /v1/chat/completions or POST /v1/completions.`,
      },
    })
  }

  /** A text completion of the prompt, from the model's completions scenario or its chat scenario. */
  async function complete(body: CompletionRequestBody, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const prompt = promptText(body)
    if (prompt === null) {
      sendJson(res, 400, { error: { message: 'prompt must be a string.', type: 'invalid_request_error' } })
      return
    }
    const own = completionScenarios[body.model]
    const chat = scenarios[body.model]
    if (own) return playCompletion(own(prompt, body), prompt, body, req, res)
    if (chat) {
      const asChat: ChatRequestBody = { model: body.model, messages: [{ role: 'user', content: prompt }] }
      return playCompletion(chat(asChat, 0), prompt, body, req, res)
    }
    sendJson(res, 404, {
      error: { message: `The model "${body.model}" does not exist.`, code: 'model_not_found' },
    })
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
    chatRequests: () =>
      requests.filter((r) => r.path === '/v1/chat/completions' && r.body).map((r) => r.body as ChatRequestBody),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
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

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
}

/** Cut sizes that land inside markers, escapes and multi-byte text. */
const AWKWARD = [1, 4, 2, 9, 3, 6, 13, 5, 1, 7]

export function awkwardPieces(text: string, sizes: readonly number[] = AWKWARD): string[] {
  const pieces: string[] = []
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] ?? 1
    pieces.push(text.slice(at, at + size))
    at += size
  }
  return pieces
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function play(turn: Turn, body: ChatRequestBody, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (turn.type === 'status') {
    res.writeHead(turn.status, { 'Content-Type': 'application/json' }).end(turn.body)
    return
  }
  const id = `chatcmpl-mock-${Date.now()}`
  const created = Math.floor(Date.now() / 1000)
  const content = turn.content ?? ''
  const calls = turn.toolCalls ?? []
  const usage = {
    prompt_tokens: approxTokens(JSON.stringify(body.messages)),
    completion_tokens: approxTokens(content + JSON.stringify(calls)),
    total_tokens: 0,
  }
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens
  const finishReason = calls.length > 0 ? 'tool_calls' : 'stop'

  if (body.stream !== true) {
    const message: Record<string, unknown> = { role: 'assistant', content: content || null }
    if (calls.length > 0)
      message.tool_calls = calls.map((call, index) => ({
        id: call.id ?? `call_${index}`,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      }))
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [{ index: 0, message, finish_reason: finishReason }],
      usage,
    })
    return
  }

  const gone = openEventStream(req, res)
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
  const send = async (text: string): Promise<boolean> => {
    if (gone()) return false
    await new Promise<void>((resolve) => res.write(text, () => resolve()))
    if (turn.delayMs) await sleep(turn.delayMs)
    return !gone()
  }

  const events: string[] = [chunk({ role: 'assistant', content: '' })]
  const pieces = turn.chunking === 'whole' ? [content] : awkwardPieces(content)
  for (const piece of pieces) if (piece) events.push(chunk({ content: piece }))
  // Tool calls: the first delta names the call, the arguments follow in pieces, calls interleaved.
  const argPieces = calls.map((call) => awkwardPieces(call.arguments))
  calls.forEach((call, index) =>
    events.push(
      chunk({
        tool_calls: [
          { index, id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    ),
  )
  for (let step = 0; argPieces.some((p) => step < p.length); step++) {
    argPieces.forEach((p, index) => {
      const piece = p[step]
      if (piece !== undefined) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }))
    })
  }

  const ending = turn.ending ?? 'done'
  if (ending === 'drop') {
    const keep = Math.max(2, Math.floor(events.length / 2))
    for (const event of events.slice(0, keep)) if (!(await send(event))) return
    // Let the client read what was sent before the connection goes.
    await sleep(50)
    res.socket?.destroy()
    return
  }
  if (ending === 'malformed') {
    const keep = Math.max(2, Math.floor(events.length / 2))
    for (const event of events.slice(0, keep)) if (!(await send(event))) return
    await send('data: {"choices": [{"delta": {"content": "unterminated\n\n')
    res.end()
    return
  }
  events.push(chunk({}, finishReason))
  if (body.stream_options?.include_usage)
    events.push(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`,
    )
  for (const event of events) if (!(await send(event))) return
  if (ending === 'done') await send('data: [DONE]\n\n')
  res.end()
}

function approxTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}
