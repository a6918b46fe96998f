// @vitest-environment happy-dom
/** The elicitation store: a queue of requests answered accept/decline/cancel, checked content, and servers that stop waiting. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { ElicitationWithdrawn, useMcpElicitationStore } from '../../../src/stores/mcp/elicitation'
import { browserClientHandlers } from '../../../src/stores/mcp/client-handlers'
import { createMcpToolSource } from '../../../src/core/mcp'
import { EVERY_FIELD } from '../../fixtures/mcp/elicitation-schemas'
import { elicitingServer } from '../../fixtures/mcp/elicitation-server'

const request = { message: 'Who are you?', requestedSchema: EVERY_FIELD.requestedSchema } as never
const context = (server = 'asker', signal = new AbortController().signal) => ({ server, signal })

beforeEach(() => setActivePinia(createPinia()))

describe('the elicitation store', () => {
  it('queues requests in order and answers each with what the person chose', async () => {
    const store = useMcpElicitationStore()
    const first = store.answer(request, context('one'))
    const second = store.answer(request, context('two'))
    const third = store.answer(request, context('three'))
    expect(store.queue.map((p) => p.server)).toEqual(['one', 'two', 'three'])
    expect(store.current?.form.message).toBe('Who are you?')

    expect(store.accept(store.current!.id, { name: 'Ada', email: 'ada@example.org', hero: 'hero-2' })).toEqual([])
    await expect(first).resolves.toEqual({
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.org', hero: 'hero-2' },
    })
    expect(store.current?.server).toBe('two')
    expect(store.decline(store.current!.id)).toBe(true)
    await expect(second).resolves.toEqual({ action: 'decline' })
    expect(store.cancel(store.current!.id)).toBe(true)
    await expect(third).resolves.toEqual({ action: 'cancel' })
    expect(store.current).toBeNull()
    expect(store.cancel(1)).toBe(false)
  })

  it('sends nothing while the content breaks the schema, and says what is wrong', async () => {
    const store = useMcpElicitationStore()
    const answer = vi.fn()
    void store.answer(request, context()).then(answer)
    const id = store.current!.id
    expect(store.accept(id, { name: 'A', email: 'not-an-address', hero: 'Superman' })).toEqual([
      { field: 'name', code: 'minLength', limit: 2 },
      { field: 'email', code: 'format', limit: 'email' },
      { field: 'hero', code: 'choice' },
    ])
    await Promise.resolve()
    expect(answer).not.toHaveBeenCalled()
    expect(store.current?.id).toBe(id)
  })

  it('a server that stops waiting takes its request off the queue and leaves a notice; a late answer goes nowhere', async () => {
    const store = useMcpElicitationStore()
    const controller = new AbortController()
    const pending = store.answer(request, context('slow', controller.signal))
    const id = store.current!.id
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(ElicitationWithdrawn)
    expect(store.queue).toEqual([])
    expect(store.withdrawn).toEqual([{ id, server: 'slow' }])
    expect(store.accept(id, { name: 'Ada', email: 'ada@example.org' })).toEqual([])
    expect(store.decline(id)).toBe(false)
  })

  it('a request whose server already stopped waiting is never shown', async () => {
    const store = useMcpElicitationStore()
    const controller = new AbortController()
    controller.abort()
    await expect(store.answer(request, context('gone', controller.signal))).rejects.toThrow(
      'the server "gone" stopped waiting for the answer',
    )
    expect(store.queue).toEqual([])
  })

  it('an answered request leaves no notice when its signal aborts later', async () => {
    const store = useMcpElicitationStore()
    const controller = new AbortController()
    const pending = store.answer(request, context('quick', controller.signal))
    store.decline(store.current!.id)
    await pending
    controller.abort()
    expect(store.withdrawn).toEqual([])
  })
})

describe('elicitation through a connected MCP source', { timeout: 60_000 }, () => {
  async function connectedSource() {
    const server = await elicitingServer()
    const source = createMcpToolSource({
      config: { name: 'asker', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
      createTransport: () => server.transport,
      handlers: browserClientHandlers(),
    })
    await source.connect()
    return { server, source }
  }

  it('the server receives the accepted content', async () => {
    const { server, source } = await connectedSource()
    const store = useMcpElicitationStore()
    const { answer } = server.ask({
      mode: 'form',
      message: 'Your name?',
      requestedSchema: EVERY_FIELD.requestedSchema,
    } as never)
    await vi.waitFor(() => expect(store.current?.server).toBe('asker'), { timeout: 20_000 })
    store.accept(store.current!.id, { name: 'Ada', email: 'ada@example.org', fish: ['fish-1'] })
    await expect(answer).resolves.toEqual({
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.org', fish: ['fish-1'] },
    })
    await source.disconnect()
  })

  it('the server cancelling its request closes it here, with a notice', async () => {
    const { server, source } = await connectedSource()
    const store = useMcpElicitationStore()
    const asked = server.ask({
      mode: 'form',
      message: 'Still there?',
      requestedSchema: { type: 'object', properties: {} },
    })
    const settled = asked.answer.catch((error: unknown) => error)
    await vi.waitFor(() => expect(store.current).not.toBeNull(), { timeout: 20_000 })
    asked.stop()
    await vi.waitFor(() => expect(store.withdrawn.map((w) => w.server)).toEqual(['asker']), { timeout: 20_000 })
    expect(store.queue).toEqual([])
    expect(await settled).toBeInstanceOf(Error)
    await source.disconnect()
  })

  it('a disconnect withdraws what the server was waiting for', async () => {
    const { server, source } = await connectedSource()
    const store = useMcpElicitationStore()
    void server
      .ask({ mode: 'form', message: 'Hello?', requestedSchema: { type: 'object', properties: {} } })
      .answer.catch(() => {})
    await vi.waitFor(() => expect(store.current).not.toBeNull(), { timeout: 20_000 })
    await source.disconnect()
    await vi.waitFor(() => expect(store.queue).toEqual([]), { timeout: 20_000 })
    expect(store.withdrawn).toHaveLength(1)
  })
})
