import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockLlm, type MockLlm } from '../../../scripts/mock-llm/server'
import { samplingScenarios } from '../../../scripts/mock-llm/sampling-scenarios'
import type { McpSamplingRequest } from '../../../src/core/mcp'
import {
  sampleWithModel,
  samplingResult,
  samplingSettings,
  SamplingRefusal,
  userRefusal,
  USER_REFUSED_MESSAGE,
} from '../../../src/core/mcp/sampling-answer'
import { messageText, samplingConversation, withMessageText } from '../../../src/core/mcp/sampling-messages'

const PIXEL = 'iVBORw0KGgo='

function request(overrides: Partial<McpSamplingRequest> = {}): McpSamplingRequest {
  return {
    messages: [{ role: 'user', content: { type: 'text', text: 'What is 2 + 40?' } }],
    systemPrompt: 'You are a helpful test server.',
    maxTokens: 100,
    temperature: 0.7,
    ...overrides,
  }
}

describe('samplingConversation', () => {
  it('puts the system prompt first and keeps text messages as text', () => {
    const conversation = samplingConversation(
      request({
        messages: [
          { role: 'user', content: { type: 'text', text: 'Hi' } },
          { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'one' },
              { type: 'text', text: 'two' },
            ],
          },
        ],
      }),
    )
    expect(conversation).toEqual({
      ok: true,
      messages: [
        { role: 'system', content: 'You are a helpful test server.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'one\n\ntwo' },
      ],
    })
  })

  it('sends a user image as an image_url part and WAV audio as input_audio', () => {
    const conversation = samplingConversation(
      request({
        systemPrompt: undefined,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', data: PIXEL, mimeType: 'image/png' },
              { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
            ],
          },
        ],
      }),
    )
    expect(conversation).toEqual({
      ok: true,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          ],
        },
      ],
    })
  })

  it('names every piece it cannot send, message by message', () => {
    const conversation = samplingConversation(
      request({
        messages: [
          { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/ogg' } },
          { role: 'assistant', content: { type: 'image', data: PIXEL, mimeType: 'image/png' } },
          { role: 'assistant', content: { type: 'tool_use', id: 'c1', name: 'x', input: {} } },
        ],
        tools: [{ name: 'x', inputSchema: { type: 'object' } }],
      }),
    )
    expect(conversation).toEqual({
      ok: false,
      problems: [
        'The request offers the model tools; this client does not offer tools in sampling.',
        'Message 1 (user): audio of type "audio/ogg" cannot be sent (chat-completions takes WAV or MP3).',
        'Message 2 (assistant): an image in an assistant message cannot be sent to a chat-completions model.',
        'Message 3 (assistant): a "tool_use" block cannot be sent: this client does not offer tools in sampling.',
      ],
    })
    expect(samplingConversation(request({ messages: [] }))).toEqual({
      ok: false,
      problems: ['The request holds no message to answer.'],
    })
  })

  it('a content type it does not know is named, not thrown', () => {
    const odd = { role: 'user', content: { type: 'video', data: '' } } as unknown as McpSamplingRequest['messages'][0]
    expect(samplingConversation(request({ messages: [odd] }))).toEqual({
      ok: false,
      problems: ['Message 1 (user): content of type "video" cannot be sent.'],
    })
  })
})

describe('withMessageText', () => {
  it('replaces the text of one message and keeps its image', () => {
    const original = request({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'image', data: PIXEL, mimeType: 'image/png' },
          ],
        },
        { role: 'user', content: { type: 'text', text: 'b' } },
      ],
    })
    const edited = withMessageText(original, 0, 'edited')
    expect(edited.messages[0]?.content).toEqual([
      { type: 'text', text: 'edited' },
      { type: 'image', data: PIXEL, mimeType: 'image/png' },
    ])
    expect(messageText(edited.messages[0]!)).toBe('edited')
    expect(edited.messages[1]).toBe(original.messages[1])
    expect(messageText(original.messages[0]!)).toBe('a')
    expect(withMessageText(original, 5, 'x')).toBe(original)
  })
})

describe('samplingSettings and samplingResult', () => {
  it("takes the request's temperature, stop sequences and the lower token limit", () => {
    const endpoint = { baseUrl: 'http://x/v1', model: 'm', temperature: 0.1, maxTokens: 50 }
    expect(samplingSettings(request({ stopSequences: ['END'] }), endpoint)).toMatchObject({
      temperature: 0.7,
      maxTokens: 50,
      stop: ['END'],
    })
    expect(samplingSettings(request({ temperature: undefined }), { baseUrl: 'x', model: 'm' })).toMatchObject({
      temperature: undefined,
      maxTokens: 100,
    })
  })

  it('maps the finish reason and cuts at a stop sequence the endpoint ignored', () => {
    expect(samplingResult({ content: 'hi', finishReason: 'stop' }, 'm')).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'm',
      stopReason: 'endTurn',
    })
    expect(samplingResult({ content: 'hi', finishReason: 'length' }, 'm').stopReason).toBe('maxTokens')
    expect(samplingResult({ content: 'hi', finishReason: 'content_filter' }, 'm').stopReason).toBe('content_filter')
    expect(samplingResult({ content: 'a X b Y', finishReason: 'stop' }, 'm', ['Y', 'X'])).toMatchObject({
      content: { type: 'text', text: 'a ' },
      stopReason: 'stopSequence',
    })
  })

  it('the refusal of the user says so', () => {
    expect(userRefusal()).toMatchObject({ kind: 'user', message: USER_REFUSED_MESSAGE })
    expect(USER_REFUSED_MESSAGE).toContain('user refused')
  })
})

describe('sampleWithModel against the mock model', () => {
  let llm: MockLlm
  beforeAll(async () => {
    llm = await startMockLlm({ scenarios: samplingScenarios, apiKey: 'sk-sampling' })
  })
  afterAll(() => llm.close())
  const endpoint = (model: string, apiKey = 'sk-sampling') => ({ baseUrl: llm.baseUrl, model, apiKey })

  it('sends the conversation, temperature, token limit and stop sequences, and returns the streamed reply', async () => {
    const pieces: string[] = []
    const result = await sampleWithModel(request({ stopSequences: ['###'] }), endpoint('sampling-echo'), {
      onText: (text) => pieces.push(text),
    })
    expect(result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Mock model read: What is 2 + 40?' },
      model: 'sampling-echo',
      stopReason: 'endTurn',
    })
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces[pieces.length - 1]).toBe('Mock model read: What is 2 + 40?')
    const sent = llm.chatRequests().at(-1) as unknown as Record<string, unknown>
    expect(sent).toMatchObject({
      model: 'sampling-echo',
      stream: true,
      temperature: 0.7,
      max_tokens: 100,
      stop: ['###'],
      messages: [
        { role: 'system', content: 'You are a helpful test server.' },
        { role: 'user', content: 'What is 2 + 40?' },
      ],
    })
  })

  it('sends an image as a part the model can read', async () => {
    const image = request({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe' },
            { type: 'image', data: PIXEL, mimeType: 'image/png' },
          ],
        },
      ],
    })
    const result = await sampleWithModel(image, endpoint('sampling-echo'))
    expect(result.content).toEqual({ type: 'text', text: 'Mock model read: Describe' })
    expect(llm.chatRequests().at(-1)?.messages[1]?.content).toEqual([
      { type: 'text', text: 'Describe' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
    ])
  })

  it('cuts at the stop sequence when the endpoint writes past it', async () => {
    const result = await sampleWithModel(request({ stopSequences: ['STOP'] }), endpoint('sampling-no-stop'))
    expect(result).toMatchObject({ content: { text: 'one two ' }, stopReason: 'stopSequence' })
  })

  it("an endpoint's error becomes a refusal that quotes it, without the key", async () => {
    const failure = await sampleWithModel(request(), endpoint('sampling-echo', 'sk-wrong')).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(SamplingRefusal)
    expect(failure).toMatchObject({ kind: 'endpoint' })
    expect((failure as Error).message).toMatch(
      /^The model "sampling-echo" could not answer the sampling request: 401 Unauthorized .*Incorrect API key provided\./,
    )
    expect((failure as Error).message).not.toContain('sk-wrong')
    const closed = await sampleWithModel(request(), { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }).catch(
      (e: unknown) => e,
    )
    expect(closed).toMatchObject({ kind: 'endpoint' })
    expect((closed as Error).message).toContain('could not answer the sampling request')
  })

  it('content it cannot send is refused before anything is sent', async () => {
    const before = llm.requests.length
    const audio = request({
      messages: [{ role: 'user', content: { type: 'audio', data: 'AA', mimeType: 'audio/ogg' } }],
    })
    const failure = await sampleWithModel(audio, endpoint('sampling-echo')).catch((e: unknown) => e)
    expect(failure).toMatchObject({ kind: 'content' })
    expect((failure as Error).message).toBe(
      'The request cannot be sent to the model: Message 1 (user): audio of type "audio/ogg" cannot be sent (chat-completions takes WAV or MP3).',
    )
    expect(llm.requests.length).toBe(before)
  })

  it('the signal stops it as aborted', async () => {
    const stop = new AbortController()
    stop.abort(new Error('the server stopped waiting'))
    const failure = await sampleWithModel(request(), endpoint('sampling-echo'), { signal: stop.signal }).catch(
      (e: unknown) => e,
    )
    expect(failure).toMatchObject({ kind: 'aborted' })
  })
})
