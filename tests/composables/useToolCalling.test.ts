import { describe, expect, it } from 'vitest'
import { computed, effectScope, nextTick } from 'vue'
import {
  createManualClient,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  type ToolCallConfig,
  type ToolRegistry,
} from '../../src/core'
import { useToolCalling } from '../../src/composables/useToolCalling'
import { mathTool, unrulyTool } from '../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const block = (tool: string, fields = '') =>
  `<<<[TOOL_REQUEST]>>>\ntool_name:「始」${tool}「末」${fields}\n<<<[END_TOOL_REQUEST]>>>`

function setup() {
  const registry = createToolRegistryManager()
  registry.register(mathTool())
  registry.register(unrulyTool())
  const scope = effectScope()
  const tc = scope.run(() => useToolCalling({ registry }))!
  return { registry, scope, tc }
}

describe('useToolCalling', () => {
  it('runs the chat loop on its registry; the scope ending aborts a run in progress', async () => {
    const { tc, scope } = setup()
    const replies = [block('math_add', ',\na:「始」2「末」'), 'Two.']
    const done = await tc.runToolLoop({
      client: createManualClient(async () => replies.shift() ?? ''),
      history: [{ role: 'user', content: '2?' }],
      config: config(),
    })
    expect(done.record.status).toBe('completed')
    expect(done.record.rounds[0]?.results[0]?.status).toBe('success')

    // A reply that never comes: the run waits until the scope stops.
    const waiting = tc.runToolLoop({
      client: createManualClient(() => new Promise<string>(() => {})),
      history: [{ role: 'user', content: 'hi' }],
      config: config(),
    })
    expect(tc.running.value).toBe(true)
    scope.stop()
    const aborted = await waiting
    expect(aborted.record.status).toBe('aborted')
    expect(aborted.record.error).toContain('unmounted')
  })

  it('runs a cycle with reactive running state and records it', async () => {
    const { tc } = setup()
    const pending = tc.processCycle(block('math_add', ',\na:「始」2「末」'), config())
    expect(tc.running.value).toBe(true)
    const cycle = await pending
    expect(tc.running.value).toBe(false)
    expect(cycle.executionResults[0]).toMatchObject({ status: 'success', result: '{\n  "sum": 2\n}' })
    expect(tc.lastCycle.value).toBe(cycle)
    expect(tc.formatCycleResults(cycle.executionResults)).toContain('<<<[TOOL_RESULT]>>>')
  })

  it('passes the approver through', async () => {
    const { tc } = setup()
    const cycle = await tc.processCycle(
      block('math_add', ',\na:「始」2「末」'),
      config({ requireConfirmation: true }),
      () => false,
    )
    expect(cycle.executionResults[0]?.status).toBe('denied')
  })

  it('discovery, prompt and enabled checks; the version is reactive and a late tool reaches the prompt', async () => {
    const { tc, registry } = setup()
    expect(tc.hasToolCallingEnabled(config())).toBe(true)
    expect(tc.hasToolCallingEnabled(config({ enabled: false }))).toBe(false)
    expect(tc.hasToolCallingEnabled(null)).toBe(false)
    const tools = computed(() => (tc.registryVersion.value, tc.getDiscoveredMethods().map((t) => t.toolId)))
    expect(tools.value).toEqual(['math', 'unruly'])
    expect(tc.generateToolsPrompt(config(), 'agent')).not.toContain('late_')
    const late: ToolRegistry = {
      id: 'late',
      name: 'Late',
      getMetadata: () => ({ methods: [{ name: 'go', description: 'x', parameters: [], agentCallable: true }] }),
      go: () => 1,
    }
    registry.register(late)
    await nextTick()
    expect(tools.value).toEqual(['math', 'unruly', 'late'])
    expect(tc.generateToolsPrompt(config(), 'agent')).toContain('late_go')
  })

  it('an unknown protocol sets error instead of throwing', () => {
    const { tc } = setup()
    expect(tc.generateToolsPrompt(config({ protocol: 'nope' }))).toBe('')
    expect(tc.error.value).toBe(
      'Unknown protocol "nope" in the tool-calling config. Registered protocols: vcp, json, xml, hermes.',
    )
  })

  it('abort() stops a running cycle', async () => {
    const { tc } = setup()
    const pending = tc.processCycle(block('unruly_hang'), config())
    tc.abort()
    expect((await pending).executionResults[0]).toMatchObject({
      status: 'aborted',
      result: '"unruly_hang" was aborted while running.',
    })
  })

  it('stopping the effect scope aborts running calls and unsubscribes from the registry', async () => {
    const { tc, scope, registry } = setup()
    const unruly = registry.get('unruly') as ToolRegistry & { aborted: string[] }
    const pending = tc.processCycle(block('unruly_hang'), config({ timeout: 60_000 }))
    await Promise.resolve()
    scope.stop()
    const cycle = await pending
    expect(cycle.executionResults[0]?.status).toBe('aborted')
    expect(unruly.aborted).toHaveLength(1)
    const before = tc.registryVersion.value
    registry.unregister('math')
    expect(tc.registryVersion.value).toBe(before)
    expect(tc.running.value).toBe(false)
  })
})
