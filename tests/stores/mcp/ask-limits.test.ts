/**
 * A server cannot lock the page: what one server may keep waiting for the person is capped, what
 * it sends past a rate is refused at once with an error that says why, and the person can refuse
 * everything a server asks in one step. Against in-memory servers that ask 1,000 times on connect,
 * or again after each answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { createMcpToolSource, USER_REFUSED_MESSAGE, type McpToolSource } from '../../../src/core/mcp'
import { browserClientHandlers } from '../../../src/stores/mcp/client-handlers'
import { useMcpSamplingStore } from '../../../src/stores/mcp/sampling'
import { useMcpElicitationStore } from '../../../src/stores/mcp/elicitation'
import { useMcpAskLimitsStore } from '../../../src/stores/mcp/ask-limits'
import { askingServer, type AskAnswer, type AskingServerOptions } from '../../fixtures/mcp/asking-server'

const WAIT = { timeout: 30_000 }
const sources: McpToolSource[] = []
beforeEach(() => setActivePinia(createPinia()))
afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.disconnect()))
})

/** A server named `name` asking as `options` say, connected as the page connects one. */
async function connected(name: string, options: AskingServerOptions) {
  const server = await askingServer(options)
  const source = createMcpToolSource({
    config: { name, transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
    createTransport: () => server.transport,
    handlers: browserClientHandlers(),
  })
  sources.push(source)
  await source.connect()
  return server
}

const refusals = (answers: AskAnswer[]) => answers.filter((a): a is Extract<AskAnswer, { ok: false }> => !a.ok)
const reasonsOf = (answers: AskAnswer[]) =>
  refusals(answers).reduce<Record<string, number>>((counts, a) => {
    const reason =
      (a.data as { reason?: string } | undefined)?.reason ??
      (a.message.includes(USER_REFUSED_MESSAGE) ? 'person' : a.message)
    return { ...counts, [reason]: (counts[reason] ?? 0) + 1 }
  }, {})

describe('a server asking 1,000 times on connect', { timeout: 60_000 }, () => {
  it('sampling: 10 wait for the person, the rest are refused at once saying why; Refuse all answers the 10', async () => {
    const limits = useMcpAskLimitsStore()
    limits.configure({ now: () => 0 })
    const sampling = useMcpSamplingStore()
    const server = await connected('flood', { kind: 'sampling', onConnect: 1000 })
    await vi.waitFor(() => expect(server.answers.length + sampling.queue.length).toBe(1000), WAIT)

    expect(sampling.queue.length).toBe(10)
    expect(reasonsOf(server.answers)).toEqual({ 'queue-full': 20, 'rate-limit': 970 })
    const [full] = refusals(server.answers)
    expect(full!.message).toContain('10 requests from "flood" already wait for the user')
    const limited = refusals(server.answers).at(-1)!
    expect(limited.message).toContain('"flood" sent more than 30 requests in 60 s')
    expect(limits.refused.flood).toEqual({ 'queue-full': 20, 'rate-limit': 970, 'refused-all': 0 })

    limits.refuseAll('flood')
    await vi.waitFor(() => expect(server.answers).toHaveLength(1000), WAIT)
    expect(sampling.queue).toEqual([])
    expect(refusals(server.answers.slice(-10)).map((a) => a.message)).toEqual(
      Array(10).fill(expect.stringContaining(USER_REFUSED_MESSAGE)),
    )
    expect(limits.refused.flood).toEqual({ 'queue-full': 20, 'rate-limit': 970, 'refused-all': 10 })
  })

  it('elicitation: the same cap and rate; Refuse all declines the 10 waiting', async () => {
    const limits = useMcpAskLimitsStore()
    limits.configure({ now: () => 0 })
    const elicitation = useMcpElicitationStore()
    const server = await connected('forms', { kind: 'elicitation', onConnect: 1000 })
    await vi.waitFor(() => expect(server.answers.length + elicitation.queue.length).toBe(1000), WAIT)

    expect(elicitation.queue.length).toBe(10)
    expect(reasonsOf(server.answers)).toEqual({ 'queue-full': 20, 'rate-limit': 970 })
    limits.refuseAll('forms')
    await vi.waitFor(() => expect(server.answers).toHaveLength(1000), WAIT)
    expect(elicitation.queue).toEqual([])
    expect(server.answers.slice(-10)).toEqual(Array(10).fill({ ok: true, result: { action: 'decline' } }))
  })

  it("one server's flood leaves another server's requests alone", async () => {
    useMcpAskLimitsStore().configure({ now: () => 0 })
    const sampling = useMcpSamplingStore()
    const flood = await connected('flood', { kind: 'sampling', onConnect: 1000 })
    await vi.waitFor(() => expect(flood.answers.length + sampling.queue.length).toBe(1000), WAIT)
    const calm = await connected('calm', { kind: 'sampling', onConnect: 1 })
    await vi.waitFor(() => expect(sampling.queue.map((ask) => ask.server).at(-1)).toBe('calm'), WAIT)
    expect(calm.answers).toEqual([])
  })
})

describe('a server that asks again after each answer', { timeout: 60_000 }, () => {
  it('after Refuse all, what it asks next is refused at once until the person allows it again', async () => {
    const limits = useMcpAskLimitsStore()
    const sampling = useMcpSamplingStore()
    const server = await connected('again', { kind: 'sampling', onConnect: 1, askAgainUpTo: 5 })
    await vi.waitFor(() => expect(sampling.queue).toHaveLength(1), WAIT)
    limits.refuseAll('again')
    await vi.waitFor(() => expect(server.answers).toHaveLength(5), WAIT)
    expect(sampling.queue).toEqual([])
    expect(reasonsOf(server.answers)).toEqual({ person: 1, 'refused-all': 4 })
    expect(refusals(server.answers).at(-1)!.message).toContain('the user refused every request from "again"')
    expect(limits.blocked).toEqual(['again'])

    limits.allow('again')
    expect(limits.blocked).toEqual([])
    expect(limits.refused.again).toEqual({ 'queue-full': 0, 'rate-limit': 0, 'refused-all': 5 })
    server.ask(1)
    await vi.waitFor(() => expect(sampling.queue).toHaveLength(1), WAIT)
  })

  it('past 30 requests in the window the next one is refused, and accepted again once the window has passed', async () => {
    let now = 0
    const limits = useMcpAskLimitsStore()
    limits.configure({ now: () => now })
    const sampling = useMcpSamplingStore()
    const server = await connected('eager', { kind: 'sampling', onConnect: 1, askAgainUpTo: 31 })
    // The person refuses each one as it comes; the server asks again at once.
    for (let answered = 0; answered < 30; answered++) {
      await vi.waitFor(() => expect(sampling.current?.server).toBe('eager'), WAIT)
      sampling.refuse(sampling.current!.id)
    }
    await vi.waitFor(() => expect(server.answers).toHaveLength(31), WAIT)
    expect(sampling.queue).toEqual([])
    expect(reasonsOf(server.answers)).toEqual({ person: 30, 'rate-limit': 1 })
    expect(server.answers.at(-1)).toMatchObject({ ok: false, data: { reason: 'rate-limit', limit: 30 } })
    expect(limits.refused.eager).toEqual({ 'queue-full': 0, 'rate-limit': 1, 'refused-all': 0 })

    now = 59_999
    server.ask(1)
    await vi.waitFor(() => expect(server.answers).toHaveLength(32), WAIT)
    expect(reasonsOf(server.answers)).toEqual({ person: 30, 'rate-limit': 2 })
    now = 60_000
    server.ask(1)
    await vi.waitFor(() => expect(sampling.current?.server).toBe('eager'), WAIT)
  })
})
