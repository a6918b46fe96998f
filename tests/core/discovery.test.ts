import { describe, expect, it } from 'vitest'
import { createToolRegistryManager } from '../../src/core/tools/registry-manager'
import { createPromptCache, createToolDiscoveryService, methodDefinition } from '../../src/core/discovery'
import {
  createProtocolRegistry,
  DEFAULT_TOOL_CALL_CONFIG,
  isMethodEnabled,
  planCall,
  protocolRegistry,
  parseToolRequests,
  vcpProtocol,
  type ToolCallConfig,
  type ToolRegistry,
} from '../../src/core'
import { mathTool, request, unrulyTool } from '../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})

function setup() {
  const registry = createToolRegistryManager()
  registry.register(mathTool())
  const cache = createPromptCache()
  const discovery = createToolDiscoveryService({ registry, cache })
  return { registry, cache, discovery }
}

describe('what the model sees', () => {
  it("each method's definition in Discovery is the prompt's own text for it, limit included", async () => {
    const { createBuiltinTools, createMemoryFileStore } = await import('../../src/tools')
    const registry = createToolRegistryManager()
    for (const tool of createBuiltinTools({
      files: createMemoryFileStore(),
      sandbox: { isolation: 'none', run: async () => ({ ok: true, value: '', logs: [] }) },
    }))
      registry.register(tool)
    const discovery = createToolDiscoveryService({ registry, cache: createPromptCache() })
    for (const protocol of protocolRegistry.list()) {
      const prompt = discovery.generatePrompt({ config: config({ protocol: protocol.id }) })
      for (const tool of registry.list()) {
        for (const method of tool.getMetadata().methods.filter((m) => m.agentCallable)) {
          const definition = methodDefinition(protocol, tool, method)
          expect(prompt, `${protocol.id}: ${tool.id}_${method.name}`).toContain(definition)
          expect(definition, `${protocol.id}: ${tool.id}_${method.name}`).toContain('limit')
        }
      }
    }
  })
})

describe('switches per method', () => {
  it("a method's own switch wins over its tool's: off in the prompt and disabled in the plan", () => {
    const { registry, discovery } = setup()
    const off = config({ toolToggles: { math_repeat: false } })
    const prompt = discovery.generatePrompt({ config: off })
    expect(prompt).toContain('math_add')
    expect(prompt).not.toContain('math_repeat')
    expect(isMethodEnabled(off, 'math', 'repeat')).toBe(false)
    expect(isMethodEnabled(off, 'math', 'add')).toBe(true)
    const onlyOne = config({ toolToggles: { math: false, math_add: true } })
    expect(discovery.generatePrompt({ config: onlyOne })).toContain('math_add')
    const plan = planCall(request('math_repeat', { word: 'x', times: '1' }), {
      registry,
      toolEnabled: (tool, method) => isMethodEnabled(off, tool, method),
    })
    expect(plan.verdict).toBe('disabled')
  })
})

describe('discovery', () => {
  it('finds agent-callable methods only, unless a filter says otherwise', () => {
    const { discovery } = setup()
    const [math] = discovery.getDiscoveredMethods()
    expect(math).toMatchObject({ toolId: 'math', toolName: 'Math', description: 'Arithmetic for tests.' })
    expect(math?.methods.map((m) => m.name)).toEqual(['add', 'repeat', 'shape'])
    expect(discovery.getDiscoveredMethods(() => true)[0]?.methods.map((m) => m.name)).toContain('reset')
  })

  it('the prompt lists every callable method and each example parses back', () => {
    const { discovery } = setup()
    const prompt = discovery.generatePrompt({ config: config() })
    const { requests, diagnostics } = parseToolRequests(prompt)
    expect(diagnostics).toEqual([])
    expect(requests.map((r) => r.toolName)).toEqual(['math_add', 'math_repeat', 'math_shape'])
  })

  it('respects enabled, toggles and the default', () => {
    const { discovery, registry } = setup()
    registry.register(unrulyTool())
    expect(discovery.generatePrompt({ config: config({ enabled: false }) })).toBe('')
    const onlyMath = discovery.generatePrompt({ config: config({ toolToggles: { unruly: false } }) })
    expect(onlyMath).toContain('math_add')
    expect(onlyMath).not.toContain('unruly_')
    const onlyUnruly = discovery.generatePrompt({
      config: config({ defaultToolEnabled: false, toolToggles: { unruly: true } }),
    })
    expect(onlyUnruly).toContain('unruly_hang')
    expect(onlyUnruly).not.toContain('math_')
    expect(discovery.generatePrompt({ config: config({ defaultToolEnabled: false }) })).toBe('')
  })

  it('caches by protocol, agent and config, and a tool registered later changes the next prompt', () => {
    const { discovery, registry, cache } = setup()
    const first = discovery.generatePrompt({ config: config(), agentId: 'a' })
    expect(discovery.generatePrompt({ config: config(), agentId: 'a' })).toBe(first)
    expect(cache.size).toBe(1)
    discovery.generatePrompt({ config: config(), agentId: 'b' })
    expect(cache.size).toBe(2)
    const late: ToolRegistry = {
      id: 'late',
      name: 'Late',
      getMetadata: () => ({
        methods: [{ name: 'arrive', description: 'Registered after caching.', parameters: [], agentCallable: true }],
      }),
      arrive: () => 'here',
    }
    registry.register(late)
    const second = discovery.generatePrompt({ config: config(), agentId: 'a' })
    expect(second).toContain('late_arrive')
    registry.unregister('late')
    expect(discovery.generatePrompt({ config: config(), agentId: 'a' })).not.toContain('late_arrive')
    discovery.invalidateCache()
    expect(cache.size).toBe(0)
  })

  it('a cached prompt is a hit: the protocol renders it once (a spy on the protocol)', () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    let renders = 0
    const counting = {
      ...vcpProtocol,
      generateToolDefinitions: (input: Parameters<typeof vcpProtocol.generateToolDefinitions>[0]) => (
        renders++,
        vcpProtocol.generateToolDefinitions(input)
      ),
    }
    const discovery = createToolDiscoveryService({
      registry,
      cache: createPromptCache(),
      protocols: createProtocolRegistry([counting]),
    })
    const first = discovery.generatePrompt({ config: config() })
    expect(discovery.generatePrompt({ config: config() })).toBe(first)
    expect(renders).toBe(1)
    discovery.generatePrompt({ config: config({ maxIterations: 3 }) })
    expect(renders).toBe(2)
  })

  it('two services over one registry share the app cache', () => {
    const { registry, cache } = setup()
    const one = createToolDiscoveryService({ registry, cache })
    const two = createToolDiscoveryService({ registry, cache })
    one.generatePrompt({ config: config() })
    two.generatePrompt({ config: config() })
    expect(cache.size).toBe(1)
    two.invalidateCache()
    expect(cache.size).toBe(0)
  })

  it('an unknown protocol is an error that lists the known ones', () => {
    const { discovery } = setup()
    expect(() => discovery.generatePrompt({ config: config({ protocol: 'nope' }) })).toThrow(
      'Unknown protocol "nope" in the tool-calling config. Registered protocols: vcp, json, xml, hermes.',
    )
  })
})
