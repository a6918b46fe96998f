/**
 * Every server's offer as the page keeps it, over an in-memory server: listed on connect and again
 * on a list change and a reconnect; prompts got (never sent while a required argument is empty);
 * resources read, subscribed to and read again when the server says they changed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, shallowRef, watch } from 'vue'
import { createMcpToolSource, readMcpConfig, type McpToolSource } from '../../../src/core/mcp'
import { useServerOffers } from '../../../src/stores/mcp/offer-state'
import { offerServer, type OfferServer } from '../../fixtures/mcp/offer-server'

const scopes: (() => void)[] = []
afterEach(async () => {
  scopes.splice(0).forEach((stop) => stop())
})

function sourceOf(server: OfferServer, name = 'offer'): McpToolSource {
  const { servers } = readMcpConfig({ mcpServers: { [name]: { url: 'http://127.0.0.1:1/x' } } })
  return createMcpToolSource({ config: servers[0]!, createTransport: () => server.transport() })
}

/** The offers, following the sources in `list` (changed by the test). */
function offersOf(...sources: McpToolSource[]) {
  const list = shallowRef<McpToolSource[]>(sources)
  const scope = effectScope()
  scopes.push(() => scope.stop())
  const offers = scope.run(() =>
    useServerOffers(
      () => list.value,
      (onChange) => watch(list, onChange),
    ),
  )!
  return { offers, list }
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 20_000 })

describe('the offers of MCP servers', () => {
  it('lists a server when it connects, and again when it says its prompts changed', async () => {
    const server = offerServer()
    const source = sourceOf(server)
    const { offers } = offersOf(source)
    expect(offers.servers.offer).toMatchObject({ offer: null, loading: false })
    await source.connect()
    await waitFor(() => expect(offers.servers.offer!.offer?.prompts.map((p) => p.name)).toEqual(['weather']))
    expect(offers.servers.offer!.offer).toMatchObject({
      declares: { prompts: true, resources: true, subscribe: true },
      resourceTemplates: [{ uriTemplate: 'test://notes/{id}', variables: ['id'] }],
    })
    server.promptNames = ['weather', 'news']
    await server.promptsChanged()
    await waitFor(() => expect(offers.servers.offer!.offer?.prompts.map((p) => p.name)).toEqual(['weather', 'news']))
    await source.disconnect()
  })

  it('gets a prompt only when its required arguments are filled, leaving empty optional ones out', async () => {
    const server = offerServer()
    const source = sourceOf(server)
    await source.connect()
    const { offers } = offersOf(source)
    await waitFor(() => expect(offers.servers.offer!.offer).not.toBeNull())
    const prompt = offers.promptOf('offer', 'weather')
    await offers.getPrompt('offer', 'weather')
    expect(server.gets).toEqual([])
    expect(prompt.error).toBe('Fill in "city" first.')
    prompt.args.city = 'Paris'
    prompt.args.unit = ''
    await offers.getPrompt('offer', 'weather')
    expect(server.gets).toEqual([{ name: 'weather', arguments: { city: 'Paris' } }])
    expect(prompt).toMatchObject({ error: '', loading: false })
    expect(prompt.result?.messages.map((m) => [m.role, m.parts[0]!.type])).toEqual([
      ['user', 'text'],
      ['assistant', 'image'],
      ['user', 'resource'],
    ])
    await source.disconnect()
  })

  it('reads resources by kind, and keeps a failure as a sentence beside the URI', async () => {
    const server = offerServer()
    const source = sourceOf(server)
    await source.connect()
    const { offers } = offersOf(source)
    await offers.read('offer', 'test://data.json')
    await offers.read('offer', 'test://archive.gz')
    await offers.read('offer', 'test://missing')
    const { reads } = offers.servers.offer!
    expect(reads['test://data.json']!.contents![0]!.kind).toBe('json')
    expect(reads['test://archive.gz']!.contents![0]).toMatchObject({ kind: 'binary', mimeType: 'application/gzip' })
    expect(reads['test://missing']).toMatchObject({ contents: null, loading: false })
    expect(reads['test://missing']!.error).toMatch(/^Reading test:\/\/missing from "offer" failed: .*no resource/)
    await source.disconnect()
  })

  it('subscribes, reads again on an update with the time it did, and forgets the subscription with the connection', async () => {
    const server = offerServer()
    const source = sourceOf(server)
    await source.connect()
    const { offers } = offersOf(source)
    await offers.toggleSubscription('offer', 'test://notes.txt')
    expect([...server.subscribed]).toEqual(['test://notes.txt'])
    const read = offers.servers.offer!.reads['test://notes.txt']!
    expect(read.contents![0]!.text).toBe('read 1 of test://notes.txt')
    expect(read.updatedAt).toBeNull()
    const before = Date.now()
    await server.updated('test://notes.txt')
    await waitFor(() => expect(read.contents![0]!.text).toBe('read 2 of test://notes.txt'))
    await waitFor(() => expect(read.updatedAt).toBeGreaterThanOrEqual(before))
    // A URI not shown is not read.
    await server.updated('test://data.json')
    await source.disconnect()
    expect(server.reads.get('test://data.json')).toBeUndefined()
    expect(offers.servers.offer!.subscribed).toEqual([])
  })

  it('unsubscribes on a second toggle, and lists again on a reconnect', async () => {
    const server = offerServer()
    const source = sourceOf(server)
    await source.connect()
    const { offers } = offersOf(source)
    await offers.toggleSubscription('offer', 'test://notes.txt')
    await offers.toggleSubscription('offer', 'test://notes.txt')
    expect([...server.subscribed]).toEqual([])
    expect(offers.servers.offer!.subscribed).toEqual([])
    await source.disconnect()
    server.promptNames = ['later']
    await source.connect()
    await waitFor(() => expect(offers.servers.offer!.offer?.prompts.map((p) => p.name)).toEqual(['later']))
    await source.disconnect()
  })

  it('says why when the server is not connected or not known', async () => {
    const source = sourceOf(offerServer(), 'idle')
    const { offers } = offersOf(source)
    await offers.list('idle')
    expect(offers.servers.idle!.error).toBe('the MCP server "idle" is not connected; connect it first.')
    await offers.read('idle', 'test://x')
    expect(offers.servers.idle!.reads['test://x']!.error).toMatch(/"idle" is not connected/)
    await offers.toggleSubscription('idle', 'test://y')
    expect(offers.servers.idle!.subscribed).toEqual([])
    expect(offers.servers.idle!.reads['test://y']!.error).toMatch(/Subscribing to test:\/\/y on "idle" failed/)
    await offers.list('ghost')
    expect(offers.servers.ghost!.error).toBe('There is no MCP server named "ghost".')
  })

  it('follows servers as they come and go, and stops following when its scope ends', async () => {
    const server = offerServer()
    const first = sourceOf(server, 'one')
    const { offers, list } = offersOf(first)
    const second = sourceOf(server, 'two')
    list.value = [second]
    await nextTick()
    await waitFor(() => expect(Object.keys(offers.servers)).toEqual(['two']))
    scopes.splice(0).forEach((stop) => stop())
    await second.connect()
    expect(offers.servers.two!.offer).toBeNull()
    expect(offers.servers.two!.loading).toBe(false)
    await second.disconnect()
  })
})
