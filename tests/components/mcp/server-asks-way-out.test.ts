// @vitest-environment happy-dom
/**
 * The way out of a server's requests: the sampling dialog closes (its close button or Escape refuse
 * the request shown), both dialogs refuse everything one server asks in one click, or disconnect
 * it, and say how many of its requests were refused and why.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import SamplingDialog from '../../../src/components/mcp/SamplingDialog.vue'
import ElicitationDialog from '../../../src/components/mcp/ElicitationDialog.vue'
import ServerAskNotice from '../../../src/components/mcp/ServerAskNotice.vue'
import { browserClientHandlers } from '../../../src/stores/mcp/client-handlers'
import { useMcpSamplingStore } from '../../../src/stores/mcp/sampling'
import { useMcpElicitationStore } from '../../../src/stores/mcp/elicitation'
import { useMcpAskLimitsStore } from '../../../src/stores/mcp/ask-limits'
import { useMcpStore } from '../../../src/stores/mcp'
import { USER_REFUSED_MESSAGE, type McpSamplingRequest } from '../../../src/core/mcp'
import { mountWithApp } from '../../helpers-ui'

const WAIT = { timeout: 20_000 }
const body = () => document.body
const find = (test: string) => body().querySelector<HTMLElement>(`[data-test="${test}"]`)
const textOf = (test: string) => find(test)?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
const title = () => body().querySelector('.el-dialog__title')?.textContent

const request: McpSamplingRequest = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Answer me.' } }],
  maxTokens: 16,
}
const form = { message: 'Your name?', requestedSchema: { type: 'object', properties: {} } } as never

/** What the page answers a server, as every browser source asks it. */
const handlers = () => browserClientHandlers()
const context = (server: string) => ({ server, signal: new AbortController().signal })
/** The promise's outcome once settled: the result, or the error's message. */
function outcome<T>(promise: Promise<T>): () => T | string | undefined {
  let seen: T | string | undefined
  promise.then(
    (value) => (seen = value),
    (error: unknown) => (seen = error instanceof Error ? error.message : String(error)),
  )
  return () => seen
}

let wrapper: { unmount(): void } | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  body().innerHTML = ''
})

describe('the way out of a sampling request', { timeout: 60_000 }, () => {
  it('the close button and Escape refuse the request shown; the next one shows', async () => {
    wrapper = mountWithApp(SamplingDialog, { attachTo: body() })
    const asks = ['one', 'two', 'three'].map((server) => outcome(handlers().sampling!(request, context(server))))
    await vi.waitFor(() => expect(title()).toBe('Sampling request from "one"'), WAIT)

    body().querySelector<HTMLElement>('.el-dialog__headerbtn')!.click()
    await vi.waitFor(() => expect(asks[0]!()).toBe(USER_REFUSED_MESSAGE), WAIT)
    await vi.waitFor(() => expect(title()).toBe('Sampling request from "two"'), WAIT)

    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
    await vi.waitFor(() => expect(asks[1]!()).toBe(USER_REFUSED_MESSAGE), WAIT)
    await vi.waitFor(() => expect(title()).toBe('Sampling request from "three"'), WAIT)
    expect(asks[2]!()).toBeUndefined()
  })

  it("Refuse all answers every request of the server shown, and only that server's", async () => {
    wrapper = mountWithApp(SamplingDialog, { attachTo: body() })
    const sample = () => outcome(handlers().sampling!(request, context('flood')))
    const flood = Array.from({ length: 9 }, sample)
    const asked = outcome(handlers().elicitation!(form, context('flood')))
    flood.push(sample(), sample(), sample())
    const calm = outcome(handlers().sampling!(request, context('calm')))
    await vi.waitFor(() => expect(find('sampling-panel')).not.toBeNull(), WAIT)
    // 10 wait (the most one server may queue, the form among them); 3 were refused at once.
    expect(textOf('server-ask-notice')).toBe(
      '3 requests from "flood" were refused: 3 at once, because 10 of its requests were already waiting.',
    )
    expect(textOf('server-ask-refuse-all')).toBe('Refuse all 10 from "flood"')

    find('server-ask-refuse-all')!.click()
    await vi.waitFor(() => expect(title()).toBe('Sampling request from "calm"'), WAIT)
    await vi.waitFor(
      () => expect(flood.slice(0, 9).map((seen) => seen())).toEqual(Array(9).fill(USER_REFUSED_MESSAGE)),
      WAIT,
    )
    expect(flood.slice(9).map((seen) => seen())).toEqual(
      Array(3).fill(expect.stringContaining('10 requests from "flood" already wait for the user')),
    )
    await vi.waitFor(() => expect(asked()).toEqual({ action: 'decline' } satisfies ElicitResult), WAIT)
    expect(calm()).toBeUndefined()
    expect(useMcpSamplingStore().queue.map((ask) => ask.server)).toEqual(['calm'])

    // What "flood" asks next is refused at once, and the notice says so.
    const later = outcome(handlers().sampling!(request, context('flood')))
    await vi.waitFor(() => expect(later()).toContain('the user refused every request from "flood"'), WAIT)
    expect(useMcpAskLimitsStore().refused.flood).toEqual({ 'queue-full': 3, 'rate-limit': 0, 'refused-all': 11 })
  })

  it('Disconnect refuses what the server asked and disconnects it', async () => {
    wrapper = mountWithApp(SamplingDialog, { attachTo: body() })
    const disconnect = vi.spyOn(useMcpStore(), 'disconnect')
    const asks = [1, 2].map(() => outcome(handlers().sampling!(request, context('noisy'))))
    await vi.waitFor(() => expect(find('server-ask-disconnect')).not.toBeNull(), WAIT)
    find('server-ask-disconnect')!.click()
    await vi.waitFor(() => expect(disconnect).toHaveBeenCalledWith('noisy'), WAIT)
    await vi.waitFor(
      () => expect(asks.map((seen) => seen())).toEqual([USER_REFUSED_MESSAGE, USER_REFUSED_MESSAGE]),
      WAIT,
    )
    await vi.waitFor(() => expect(find('sampling-panel')).toBeNull(), WAIT)
    // Reconnected later, the server is asked as before: Disconnect refuses nothing to come.
    expect(useMcpAskLimitsStore().blocked).toEqual([])
  })
})

describe('the way out of an elicitation', { timeout: 60_000 }, () => {
  it('Refuse all declines every form of the server shown; Disconnect disconnects it', async () => {
    wrapper = mountWithApp(ElicitationDialog, { attachTo: body() })
    const disconnect = vi.spyOn(useMcpStore(), 'disconnect')
    const forms = [1, 2, 3].map(() => outcome(handlers().elicitation!(form, context('asker'))))
    const other = outcome(handlers().elicitation!(form, context('other')))
    await vi.waitFor(() => expect(find('elicitation-panel')).not.toBeNull(), WAIT)
    expect(textOf('server-ask-refuse-all')).toBe('Refuse all 3 from "asker"')
    find('server-ask-refuse-all')!.click()
    await vi.waitFor(() => expect(find('elicitation-panel')?.dataset.server).toBe('other'), WAIT)
    await vi.waitFor(() => expect(forms.map((seen) => seen())).toEqual(Array(3).fill({ action: 'decline' })), WAIT)
    expect(textOf('server-ask-refuse-all')).toBe('Refuse all 1 from "other"')

    find('server-ask-disconnect')!.click()
    await vi.waitFor(() => expect(disconnect).toHaveBeenCalledWith('other'), WAIT)
    await vi.waitFor(() => expect(other()).toEqual({ action: 'decline' }), WAIT)
    expect(useMcpElicitationStore().queue).toEqual([])
  })
})

describe("a server's refused requests on its card", () => {
  it('says how many were refused and why; Allow again lets the server ask again', async () => {
    wrapper = mountWithApp(ServerAskNotice, { props: { server: 'flood' }, attachTo: body() })
    const limits = useMcpAskLimitsStore()
    limits.configure({ now: () => 0, maxWaiting: 1, maxPerWindow: 3 })
    for (let n = 0; n < 5; n++) void handlers().sampling!(request, context('flood')).catch(() => {})
    limits.refuseAll('flood')
    await vi.waitFor(() => expect(find('server-ask-notice')).not.toBeNull(), WAIT)
    expect(textOf('server-ask-notice')).toBe(
      '5 requests from "flood" were refused: 2 at once, because 1 of its requests was already waiting; ' +
        '2 at once, because it sent more than 3 requests in 60 s; 1 when you refused all of its requests. ' +
        'What it asks now is refused until you allow it again. Allow again',
    )
    find('server-ask-allow')!.click()
    await vi.waitFor(() => expect(find('server-ask-allow')).toBeNull(), WAIT)
    expect(limits.blocked).toEqual([])
  })
})
