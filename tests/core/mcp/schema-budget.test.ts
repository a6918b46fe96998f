/**
 * A tool's schema is read within a budget: one tool of 50,000 parameters, or a server of many
 * large tools, cannot fill the form, the table or the tools prompt, nor make a check compile for
 * seconds. What was left out is said, with where to find the whole schema.
 */
import { describe, expect, it } from 'vitest'
import {
  createToolDiscoveryService,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  directRequest,
  executeToolRequest,
  type MethodParameter,
} from '../../../src/core'
import { createMcpToolSource } from '../../../src/core/mcp'
import { MAX_SCHEMA_PROPERTIES, MAX_SERVER_PROMPT, MAX_TOOL_PROMPT } from '../../../src/core/mcp/schema-limits'
import { hostileTransport, type ListedTool } from '../../fixtures/mcp/hostile-server'

const PROTOCOLS = ['vcp', 'json', 'xml', 'hermes']

async function connected(tools: ListedTool[]) {
  const source = createMcpToolSource({
    config: { name: 'big', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
    createTransport: () => hostileTransport(tools),
  })
  await source.connect()
  const registry = createToolRegistryManager()
  registry.register(source.tool)
  return { source, registry }
}

function manyProperties(count: number, description = (n: number) => `Parameter number ${n}.`) {
  const properties: Record<string, unknown> = {}
  for (let n = 0; n < count; n++) properties[`p${n}`] = { type: 'string', description: description(n) }
  return properties
}

/** Every parameter, nested ones included. */
function countParameters(parameters: readonly MethodParameter[]): number {
  return parameters.reduce(
    (n, p) => n + 1 + countParameters(p.properties ?? []) + (p.items ? countParameters([p.items]) : 0),
    0,
  )
}

function prompt(registry: ReturnType<typeof createToolRegistryManager>, protocol: string): string {
  return createToolDiscoveryService({ registry }).generatePrompt({
    config: { ...DEFAULT_TOOL_CALL_CONFIG, protocol },
  })
}

describe('one tool cannot inflate the form or the tools prompt', () => {
  it('a tool of 50,000 parameters is read in part, and says what was cut and where the whole schema is', async () => {
    const { source } = await connected([
      { name: 'huge', description: 'Huge.', inputSchema: { type: 'object', properties: manyProperties(50_000) } },
    ])
    const [method] = source.tool.getMetadata().methods
    expect(countParameters(method?.parameters ?? [])).toBeLessThanOrEqual(MAX_SCHEMA_PROPERTIES)
    expect(method?.schemaCut).toMatchObject({ declared: 50_000, shown: method?.parameters.length })
    // The whole schema is kept for a download, every property in it.
    const whole = JSON.parse(method?.schemaCut?.wholeSchema() ?? '{}') as { properties: Record<string, unknown> }
    expect(Object.keys(whole.properties)).toHaveLength(50_000)
    expect(source.notices.join(' ')).toContain(
      `"huge": its schema declares 50,000 parameters; the first ${method?.parameters.length} are shown in Discovery, the form and the tools prompt`,
    )
    expect(source.notices.join(' ')).toContain('download the whole schema from the Executor')
  })

  it("its part of the tools prompt stays within a tool's budget in every protocol, and tells the model", async () => {
    const { registry } = await connected([
      { name: 'huge', description: 'Huge.', inputSchema: { type: 'object', properties: manyProperties(50_000) } },
    ])
    const { registry: small } = await connected([
      { name: 'huge', description: 'Huge.', inputSchema: { type: 'object', properties: {} } },
    ])
    for (const protocol of PROTOCOLS) {
      const written = prompt(registry, protocol)
      expect(written.length - prompt(small, protocol).length, protocol).toBeLessThanOrEqual(MAX_TOOL_PROMPT)
      expect(written, protocol).toContain('Its schema declares 50,000 parameters')
    }
  })

  it('enum values count against the budget: long ones are searched, not listed', async () => {
    const values = Array.from({ length: 900 }, (_, n) => `${'value-'.repeat(30)}${n}`)
    const { source, registry } = await connected([
      { name: 'pick', inputSchema: { type: 'object', properties: { choice: { type: 'string', enum: values } } } },
    ])
    const [parameter] = source.tool.getMetadata().methods[0]?.parameters ?? []
    expect(parameter?.enumValues).toBeUndefined()
    expect(parameter?.searchableValues).toHaveLength(900)
    expect(source.notices.join(' ')).toContain('"choice" allows values of 164,590 characters in all, more than 2,000')
    for (const protocol of PROTOCOLS) expect(prompt(registry, protocol).length, protocol).toBeLessThan(MAX_TOOL_PROMPT)
  })

  it('required parameters are read first, wherever the schema lists them', async () => {
    const properties = manyProperties(300)
    properties.last = { type: 'string' }
    const { source } = await connected([
      { name: 'late', inputSchema: { type: 'object', properties, required: ['last'] } },
    ])
    const names = source.tool.getMetadata().methods[0]?.parameters.map((p) => p.name) ?? []
    expect(names).toContain('last')
    // Listed in the schema's order.
    expect(names.at(-1)).toBe('last')
  })

  it('a default too long to write is left out of the prompt, with a notice', async () => {
    const { source } = await connected([
      {
        name: 'fill',
        inputSchema: { type: 'object', properties: { text: { type: 'string', default: 'x'.repeat(100_000) } } },
      },
    ])
    const [parameter] = source.tool.getMetadata().methods[0]?.parameters ?? []
    expect(parameter).toMatchObject({ name: 'text', type: 'string' })
    expect(parameter?.defaultValue).toBeUndefined()
    expect(source.notices.join(' ')).toContain('the default of "text" (100,002 characters) is not shown')
  })
})

describe('what a large schema costs to check', () => {
  it('arguments of a schema past the property cap are left to the server, with a notice', async () => {
    const { source, registry } = await connected([
      { name: 'wide', inputSchema: { type: 'object', properties: manyProperties(500), additionalProperties: false } },
    ])
    expect(source.notices.join(' ')).toContain(
      `"wide": its schema declares more than ${MAX_SCHEMA_PROPERTIES} properties, so its arguments are not checked here`,
    )
    // Not compiled here: a wrong type goes to the server, which answers for itself.
    expect(source.tool.getMetadata().methods[0]?.validateArguments?.({ p1: 5 })).toEqual([])
    // A parameter left out of the form and the prompt is still sent, not refused as unknown.
    const run = await executeToolRequest(directRequest('big_wide', { p499: 'x' }, 'w1'), { registry })
    expect(run).toMatchObject({ status: 'success', result: 'called wide' })
  })
})

describe("a server's tools together", () => {
  it('stay within the server budget: tools past it are not offered to the model, with a notice', async () => {
    const tools = Array.from({ length: 40 }, (_, n) => ({
      name: `t${n}`,
      description: 'd'.repeat(1_000),
      inputSchema: { type: 'object', properties: manyProperties(90, () => 'x'.repeat(300)) },
    }))
    const { source, registry } = await connected(tools)
    const methods = source.tool.getMetadata().methods
    expect(methods).toHaveLength(40)
    const offered = methods.filter((m) => m.agentCallable)
    expect(offered.length).toBeGreaterThan(0)
    expect(offered.length).toBeLessThan(40)
    for (const protocol of PROTOCOLS)
      expect(prompt(registry, protocol).length, protocol).toBeLessThan(MAX_SERVER_PROMPT + 10_000)
    expect(source.notices.join(' ')).toMatch(
      /The tools of "big" pass 100,000 characters, the most one server may write into the tools prompt: \d+ tools \("t\d+", .*\) are not offered to the model; they are in Discovery and the Executor\./,
    )
  })
})
