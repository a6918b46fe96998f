import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import {
  createMcpToolSource,
  expandTemplate,
  getPrompt,
  listServerOffer,
  promptAsText,
  readMcpConfig,
  readResource,
  resourceAsText,
  resourceContent,
  subscribeResource,
  templateVariables,
  unsubscribeResource,
  type McpToolSource,
} from '../../../src/core/mcp'
import { nodeMcpTransport } from '../../../src/mcp/node'

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

describe("a server's prompts, resources and templates (server-everything over stdio)", () => {
  let source: McpToolSource
  beforeAll(async () => {
    const { servers } = readMcpConfig({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    })
    source = createMcpToolSource({ config: servers[0]!, createTransport: nodeMcpTransport })
    await source.connect()
  }, 60_000)
  afterAll(async () => {
    await source?.disconnect()
  })

  it('lists prompts with their arguments, resources and templates with their variables', async () => {
    const offer = await listServerOffer(source)
    expect(offer.problems).toEqual([])
    expect(offer.declares).toMatchObject({ prompts: true, resources: true, subscribe: true, logging: true })
    const args = offer.prompts.find((p) => p.name === 'args-prompt')!
    expect(args.arguments).toEqual([
      { name: 'city', description: 'Name of the city', required: true },
      // The server's schema library drops the description of an optional argument.
      expect.objectContaining({ name: 'state', required: false }),
    ])
    expect(offer.resources.length).toBeGreaterThan(0)
    const text = offer.resourceTemplates.find((t) => t.uriTemplate.includes('dynamic/text'))!
    expect(text.variables).toEqual(['resourceId'])
  })

  it('gets a prompt with arguments, as messages and as the text of one chat message', async () => {
    const result = await getPrompt(source, 'args-prompt', { city: 'Paris', state: 'Texas' })
    expect(result.messages).toEqual([
      { role: 'user', parts: [expect.objectContaining({ type: 'text', text: "What's weather in Paris, Texas?" })] },
    ])
    expect(promptAsText(result)).toBe("What's weather in Paris, Texas?")
  })

  it('says which prompt failed and why', async () => {
    await expect(getPrompt(source, 'args-prompt', {})).rejects.toThrow(
      /Getting the prompt "args-prompt" of "everything" failed: /,
    )
    await expect(getPrompt(source, 'no-such-prompt', {})).rejects.toThrow(/no-such-prompt/)
  })

  it('reads a listed resource and a filled template, text and bytes told apart', async () => {
    const offer = await listServerOffer(source)
    const first = offer.resources[0]!
    const contents = await readResource(source, first.uri)
    expect(contents[0]!.uri).toBe(first.uri)
    const textTemplate = offer.resourceTemplates.find((t) => t.uriTemplate.includes('dynamic/text'))!
    const uri = expandTemplate(textTemplate.uriTemplate, { resourceId: '3' })
    expect(uri).toBe('demo://resource/dynamic/text/3')
    const [text] = await readResource(source, uri)
    expect(text).toMatchObject({ kind: 'text', uri })
    expect(resourceAsText([text!])).toContain(uri)
    const blobTemplate = offer.resourceTemplates.find((t) => t.uriTemplate.includes('dynamic/blob'))!
    const [blob] = await readResource(source, expandTemplate(blobTemplate.uriTemplate, { resourceId: '2' }))
    expect(blob!.kind).toBe('binary')
    expect(blob!.size).toBeGreaterThan(0)
  })

  it('subscribes to and unsubscribes from a resource', async () => {
    await subscribeResource(source, 'demo://resource/dynamic/text/1')
    await unsubscribeResource(source, 'demo://resource/dynamic/text/1')
    expect(
      source.log.some(
        (e) => typeof e.message !== 'string' && 'method' in e.message && e.message.method === 'resources/subscribe',
      ),
    ).toBe(true)
  })

  it('refuses every call while not connected, naming the server', async () => {
    const { servers } = readMcpConfig({ mcpServers: { idle: { command: 'x' } } })
    const idle = createMcpToolSource({ config: servers[0]!, createTransport: nodeMcpTransport })
    await expect(listServerOffer(idle)).rejects.toThrow('the MCP server "idle" is not connected; connect it first.')
    await expect(readResource(idle, 'demo://x')).rejects.toThrow(/"idle" is not connected/)
  })
})

describe('templates and contents, without a server', () => {
  it('names missing variables and unreadable templates', () => {
    expect(templateVariables('file:///{path}/{name}{?q}')).toEqual(['path', 'name', 'q'])
    expect(templateVariables('x'.repeat(2_000_000))).toEqual([])
    expect(() => expandTemplate('demo://{a}/{b}', { a: '1' })).toThrow('Fill in "b" to make a URI from demo://{a}/{b}.')
    expect(expandTemplate('demo://{a}', { a: 'x y' })).toBe('demo://x%20y')
  })

  it('tells JSON, text, images and bytes apart', () => {
    expect(resourceContent({ uri: 'a', text: '{"x":1}' }).kind).toBe('json')
    expect(resourceContent({ uri: 'a', mimeType: 'application/json', text: 'nope' }).kind).toBe('json')
    expect(resourceContent({ uri: 'a', text: '{oops' }).kind).toBe('text')
    expect(resourceContent({ uri: 'a', mimeType: 'image/png', blob: 'iVBORw0KGgo=' })).toMatchObject({
      kind: 'image',
      size: 8,
    })
    expect(resourceContent({ uri: 'a', mimeType: 'application/gzip', blob: 'AAAA' })).toMatchObject({
      kind: 'binary',
      size: 3,
    })
  })
})
