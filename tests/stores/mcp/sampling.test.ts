import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { startMockLlm, type MockLlm } from '../../../scripts/mock-llm/server'
import { samplingScenarios } from '../../../scripts/mock-llm/sampling-scenarios'
import { USER_REFUSED_MESSAGE, type McpSamplingRequest } from '../../../src/core/mcp'
import { useMcpSamplingStore } from '../../../src/stores/mcp/sampling'
import { defaultSamplingProfile, samplingEndpointSettings } from '../../../src/stores/mcp/sampling-endpoint'
import { browserClientHandlers } from '../../../src/stores/mcp/client-handlers'
import { manualProfile, newProfile } from '../../../src/saved-chats/model'

const request: McpSamplingRequest = {
  messages: [{ role: 'user', content: { type: 'text', text: 'What is 2 + 40?' } }],
  systemPrompt: 'Be brief.',
  maxTokens: 64,
}

let llm: MockLlm
beforeAll(async () => {
  llm = await startMockLlm({ scenarios: samplingScenarios })
})
afterAll(() => llm.close())
beforeEach(() => setActivePinia(createPinia()))

const context = (server = 'everything') => {
  const controller = new AbortController()
  return { controller, context: { server, signal: controller.signal } }
}

describe('the sampling store', () => {
  it('queues requests; approved, edited, answered by the model and approved again, the reply goes back', async () => {
    const store = useMcpSamplingStore()
    const first = store.answer(request, context('a').context)
    const second = store.answer(request, context('b').context)
    expect(store.queue.map((ask) => ask.server)).toEqual(['a', 'b'])
    const id = store.current!.id
    store.editMessage(id, 0, 'What is 6 * 7?')
    expect(store.current!.request).not.toBe(store.current!.original)
    await store.ask(id, { baseUrl: llm.baseUrl, model: 'sampling-echo' })
    expect(store.current).toMatchObject({ stage: 'reply', replyText: 'Mock model read: What is 6 * 7?' })
    store.setReply(id, 'Forty-two.')
    store.approveReply(id)
    await expect(first).resolves.toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Forty-two.' },
      model: 'sampling-echo',
      stopReason: 'endTurn',
    })
    expect(store.current?.server).toBe('b')
    store.refuse(store.current!.id)
    await expect(second).rejects.toThrow(USER_REFUSED_MESSAGE)
    expect(store.queue).toEqual([])
  })

  it("an endpoint's failure goes back to the request with its reason; the manual endpoint lets the person write", async () => {
    const store = useMcpSamplingStore()
    const answered = store.answer(request, context().context)
    const id = store.current!.id
    await store.ask(id, { baseUrl: llm.baseUrl, model: 'sampling-unauthorized' })
    expect(store.current).toMatchObject({ stage: 'request' })
    expect(store.current!.error).toContain('401 Unauthorized')
    store.writeReply(id)
    store.setReply(id, 'I wrote this.')
    store.approveReply(id)
    await expect(answered).resolves.toMatchObject({ content: { text: 'I wrote this.' }, model: 'user' })
  })

  it('a server that stops waiting takes its request away, with a notice', async () => {
    const store = useMcpSamplingStore()
    const { controller, context: ctx } = context('slow')
    const answered = store.answer(request, ctx)
    controller.abort()
    await expect(answered).rejects.toThrow('The server stopped waiting')
    expect(store.queue).toEqual([])
    expect(store.closedByServer).toEqual({ server: 'slow' })
    const gone = new AbortController()
    gone.abort()
    await expect(store.answer(request, { server: 'x', signal: gone.signal })).rejects.toThrow('stopped waiting')
    expect(store.queue).toEqual([])
  })

  it('Stop ends the model request and the request waits again; a server that leaves stops its model', async () => {
    const store = useMcpSamplingStore()
    const { controller, context: ctx } = context()
    const answered = store.answer(request, ctx)
    const id = store.current!.id
    const asking = store.ask(id, { baseUrl: llm.baseUrl, model: 'sampling-slow' })
    await vi.waitFor(() => expect(store.current?.replyText).toMatch(/^slow/), { timeout: 20_000 })
    store.stopAsking(id)
    await asking
    expect(store.current).toMatchObject({ stage: 'request' })
    expect(store.current!.error).toContain('stopped before "sampling-slow" answered')
    const again = store.ask(id, { baseUrl: llm.baseUrl, model: 'sampling-slow' })
    await vi.waitFor(() => expect(store.current?.replyText).toMatch(/^slow/), { timeout: 20_000 })
    controller.abort()
    await again
    await expect(answered).rejects.toThrow('stopped waiting')
    expect(store.queue).toEqual([])
  })

  it('every browser source answers sampling through the store', async () => {
    const handlers = browserClientHandlers()
    const answered = handlers.sampling!(request, context().context)
    const store = useMcpSamplingStore()
    expect(store.queue).toHaveLength(1)
    store.refuse(store.current!.id)
    await expect(answered).rejects.toThrow(USER_REFUSED_MESSAGE)
  })
})

describe('the endpoint that answers', () => {
  it("is the chat's current one when it can answer, else the first saved one that can", () => {
    const manual = manualProfile()
    const empty = newProfile()
    const ready = { ...newProfile('Mock'), baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }
    expect(defaultSamplingProfile([manual, empty, ready], ready)).toBe(ready)
    expect(defaultSamplingProfile([manual, empty, ready], empty)).toBe(ready)
    expect(defaultSamplingProfile([manual, empty], manual)).toBe(manual)
  })

  it("takes the endpoint's key and limits, and the chosen model", () => {
    const profile = { ...newProfile(), baseUrl: 'http://h/v1', apiKey: 'k', model: 'a', maxTokens: 10, maxAnswerMB: 1 }
    expect(samplingEndpointSettings(profile, 'b')).toMatchObject({
      baseUrl: 'http://h/v1',
      apiKey: 'k',
      model: 'b',
      maxTokens: 10,
      maxAnswerBytes: 1024 * 1024,
    })
  })
})
