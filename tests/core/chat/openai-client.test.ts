import { describe, expect, it } from 'vitest'
import { ChatRequestError, createOpenAIClient, listModels } from '../../../src/core'
import { createCompletionAccumulator } from '../../../src/core/chat/completion-accumulator'
import { useChatFixture } from './chat-fixtures'

const fixture = useChatFixture({ apiKey: 'sk-test' })
const client = (model: string, apiKey = 'sk-test') =>
  createOpenAIClient({ baseUrl: fixture.server.baseUrl, apiKey, model })
const ask = (model: string) => client(model).complete({ messages: [{ role: 'user', content: 'hi' }] })

async function failure(promise: Promise<unknown>): Promise<ChatRequestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ChatRequestError)
  return error as ChatRequestError
}

describe('createOpenAIClient', () => {
  it('streams a reply over SSE, reports each piece, and reads usage', async () => {
    const pieces: string[] = []
    const reply = await client('echo').complete(
      { messages: [{ role: 'user', content: 'hello there' }] },
      { onUpdate: (_, delta) => pieces.push(delta) },
    )
    expect(reply.content).toBe('You said: hello there')
    expect(pieces.length).toBeGreaterThan(3)
    expect(pieces.join('')).toBe(reply.content)
    expect(reply.usage?.total_tokens).toBeGreaterThan(0)
    expect(reply.finishReason).toBe('stop')
    const sent = fixture.server.chatRequests().at(-1)
    expect(sent).toMatchObject({ model: 'echo', stream: true, stream_options: { include_usage: true } })
    expect(fixture.server.requests.at(-1)?.authorization).toBe('Bearer sk-test')
  })

  it('merges interleaved tool_calls deltas by index', async () => {
    const reply = await ask('native-two-rounds')
    expect(reply.toolCalls).toEqual([
      { id: 'call_calc', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expression":"6 * 7"}' } },
      {
        id: 'call_b64',
        type: 'function',
        function: { name: 'text_base64Encode', arguments: '{"text":"VCP Workbench"}' },
      },
    ])
    expect(reply.finishReason).toBe('tool_calls')
  })

  it('sends temperature, max_tokens and tools when given', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'calc_evaluate', description: 'x', parameters: { type: 'object' } },
      },
    ]
    await createOpenAIClient({
      baseUrl: fixture.server.baseUrl + '/',
      apiKey: 'sk-test',
      model: 'echo',
      temperature: 0.2,
      maxTokens: 64,
      includeUsage: false,
    }).complete({ messages: [{ role: 'user', content: 'x' }], tools })
    const sent = fixture.server.chatRequests().at(-1)
    expect(sent).toMatchObject({ temperature: 0.2, max_tokens: 64, tools })
    expect(sent?.stream_options).toBeUndefined()
  })

  it.each([
    ['http-401', 401, /401 Unauthorized .*API key is missing or wrong.*Incorrect API key provided/],
    ['http-429', 429, /429 Too Many Requests.*Rate limit reached/],
    ['http-500', 500, /500 server error.*The model crashed/],
  ])('%s ends with a message that says what the status means', async (model, status, message) => {
    const error = await failure(ask(model))
    expect(error.kind).toBe('http')
    expect(error.status).toBe(status)
    expect(error.message).toMatch(message)
  })

  it('a wrong key gets the 401 message', async () => {
    const error = await failure(client('echo', 'sk-wrong').complete({ messages: [] }))
    expect(error.message).toMatch(/^401 Unauthorized/)
  })

  it('an unknown model gets the 404 message with the server reason', async () => {
    const error = await failure(ask('no-such-model'))
    expect(error.message).toMatch(/404 Not Found.*The model "no-such-model" does not exist/)
  })

  it('a connection dropped mid-stream keeps the partial text', async () => {
    const error = await failure(ask('drop-mid-stream'))
    expect(error.kind).toBe('stream-broken')
    expect(error.message).toMatch(/broke after \d+ characters/)
    expect(error.partial.content.length).toBeGreaterThan(5)
    expect('This reply is cut off half-way through by the server. '.repeat(3).startsWith(error.partial.content)).toBe(
      true,
    )
  })

  it('a malformed event ends the turn, naming the event, and keeps the partial text', async () => {
    const error = await failure(ask('malformed-sse'))
    expect(error.kind).toBe('malformed')
    expect(error.message).toMatch(/not a chat-completions chunk .*unterminated/)
    expect(error.partial.content.length).toBeGreaterThan(0)
  })

  it('a stream without [DONE] is reported, with the text received', async () => {
    const error = await failure(ask('no-done'))
    expect(error.kind).toBe('no-done')
    expect(error.message).toMatch(/ended without "data: \[DONE\]" \(the last chunk said finish_reason "stop"\)/)
    expect(error.partial.content).toBe('This reply never says it is done.')
  })

  it('abort stops the stream at once and keeps what arrived', async () => {
    const controller = new AbortController()
    const promise = client('slow-reply').complete(
      { messages: [] },
      {
        signal: controller.signal,
        onUpdate: (reply) => {
          if (reply.content.length > 20) controller.abort(new Error('stopped by the test'))
        },
      },
    )
    const error = await failure(promise)
    expect(error.kind).toBe('aborted')
    expect(error.message).toContain('stopped by the test')
    expect(error.partial.content.length).toBeGreaterThan(20)
  })

  it('a server that is not there is a network error that says so', async () => {
    const error = await failure(
      createOpenAIClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x' }).complete({ messages: [] }),
    )
    expect(error.kind).toBe('network')
    expect(error.message).toMatch(
      /^Could not connect to http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions: .*Is the server running/,
    )
  })
})

describe('listModels', () => {
  it('lists the model ids', async () => {
    const { models } = await listModels({ baseUrl: fixture.server.baseUrl, apiKey: 'sk-test' })
    expect(models).toContain('vcp-two-rounds')
    expect(models).toContain('native-bad-json')
  })

  it('says 401 for a missing key and 404 for a wrong base URL', async () => {
    expect((await failure(listModels({ baseUrl: fixture.server.baseUrl }))).message).toMatch(/^401 Unauthorized/)
    const wrongBase = await failure(
      listModels({ baseUrl: fixture.server.baseUrl.replace('/v1', '/v2'), apiKey: 'sk-test' }),
    )
    expect(wrongBase.message).toMatch(
      /^404 Not Found: .*\/v2\/models does not exist\. Check the base URL \(it usually ends in \/v1\)/,
    )
  })
})

describe('createCompletionAccumulator', () => {
  it('rejects a chunk that is not an object, and ignores deltas it does not know', () => {
    const accumulator = createCompletionAccumulator()
    expect(() => accumulator.apply('text')).toThrow(/not a JSON object/)
    accumulator.apply({ choices: [{ delta: { reasoning: 'x', content: 'a' } }, { delta: null }] })
    accumulator.apply({ choices: [{ delta: { tool_calls: [{ function: { name: 'f', arguments: '{}' } }] } }] })
    expect(accumulator.reply.content).toBe('a')
    expect(accumulator.reply.toolCalls).toEqual([
      { id: '', type: 'function', function: { name: 'f', arguments: '{}' } },
    ])
  })
})
