import { describe, expect, it } from 'vitest'
import { effectScope, shallowRef } from 'vue'
import {
  createToolDiscoveryService,
  createToolRegistryManager,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  protocolRegistry,
  type ToolCallConfig,
} from '../../src/core'
import { createToolCycles } from '../../src/composables/tool-cycles'
import { useToolCalling } from '../../src/composables/useToolCalling'
import { mathTool } from '../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const add = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>'

function context() {
  const registry = createToolRegistryManager()
  registry.register(mathTool())
  const protocols = protocolRegistry
  const discovery = createToolDiscoveryService({ registry, protocols })
  const error = shallowRef<string | null>('an earlier error')
  const made: ToolCallConfig[] = []
  const createSession = ({ config }: { config?: ToolCallConfig }) => {
    if (config) made.push(config)
    return createToolSession({ registry, protocols, discovery, config })
  }
  return { registry, protocols, discovery, error, createSession, made }
}

describe('a caller’s tool cycles', () => {
  it('runs each cycle in a session made for its config, and keeps the last', async () => {
    const parts = context()
    const cycles = createToolCycles(parts)
    const cycle = await cycles.processCycle(add, config({ parallelExecution: true }))
    expect(parts.made.map((c) => c.parallelExecution)).toEqual([true])
    expect(cycle.executionResults[0]).toMatchObject({ status: 'success' })
    expect(cycles.lastCycle.value).toBe(cycle)
    expect(parts.error.value).toBeNull()
  })

  it('a session that cannot be made is an error, and an empty cycle', async () => {
    const parts = context()
    const cycles = createToolCycles({
      ...parts,
      createSession: () => {
        throw new Error('no session today')
      },
    })
    const cycle = await cycles.processCycle(add, config())
    expect(cycle).toEqual({ hasToolRequests: false, parsedRequests: [], executionResults: [], diagnostics: [] })
    expect(parts.error.value).toBe('no session today')
    expect(cycles.running.value).toBe(false)
  })
})

describe('useToolCalling().createSession', () => {
  it('makes a session on the caller’s registry, protocols and shared discovery', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const scope = effectScope()
    const tc = scope.run(() => useToolCalling({ registry }))!
    const session = tc.createSession({ config: config(), presets: { math: { b: 40 } } })
    expect(session.registry).toBe(registry)
    expect(session.protocols).toBe(protocolRegistry)
    expect(session.discovery).toBe(tc.createSession().discovery)
    const [request] = session.parse(add).requests
    expect(await session.execute([request!])).toMatchObject([{ status: 'success', result: '{\n  "sum": 42\n}' }])
    scope.stop()
  })
})
