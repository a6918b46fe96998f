/** The cycle engine plans and runs in a tool session: one given, or one made from its options. */
import { describe, expect, it } from 'vitest'
import {
  createRequestIdSession,
  createToolRegistryManager,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  processToolCallCycle,
  type ToolCallConfig,
} from '../../src/core'
import { mathTool } from '../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const add = (a: number) =>
  `<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」${a}「末」\n<<<[END_TOOL_REQUEST]>>>`

function registry() {
  const tools = createToolRegistryManager()
  tools.register(mathTool())
  return tools
}

describe('a cycle in a tool session', () => {
  it('runs in the session given: its registry, config and presets, its request ids going on', async () => {
    const toolSession = createToolSession({
      registry: registry(),
      config: config({ requireConfirmation: true }),
      presets: { math: { b: 40 } },
    })
    const asked: string[] = []
    const first = await processToolCallCycle(add(2), {
      toolSession,
      onBeforeExecute: (call) => (asked.push(call.routingName), true),
      // Not read with a session: it holds its own registry and config.
      registry: createToolRegistryManager(),
      requireConfirmation: false,
    })
    expect(asked).toEqual(['math_add'])
    expect(first.executionResults[0]).toMatchObject({ status: 'success', result: '{\n  "sum": 42\n}' })
    const second = await processToolCallCycle(add(1), { toolSession, onBeforeExecute: () => true })
    expect([...first.parsedRequests, ...second.parsedRequests].map((r) => r.requestId)).toEqual(['req-1', 'req-2'])
  })

  it('the protocol given reads the reply, whatever the session speaks', async () => {
    const toolSession = createToolSession({ registry: registry(), config: config({ protocol: 'vcp' }) })
    const cycle = await processToolCallCycle('<tool_call>{"name": "math_add", "arguments": {"a": 5}}</tool_call>', {
      toolSession,
      protocol: 'hermes',
    })
    expect(cycle.executionResults.map((r) => r.status)).toEqual(['success'])
  })

  it('options given directly win over the config: toolEnabled replaces its toggles', async () => {
    const off = config({ toolToggles: { math: false } })
    const onAnyway = await processToolCallCycle(add(1), { registry: registry(), config: off, toolEnabled: () => true })
    expect(onAnyway.executionResults[0]?.status).toBe('success')
    const offAnyway = await processToolCallCycle(add(1), { registry: registry(), toolEnabled: () => false })
    expect(offAnyway.executionResults[0]?.result).toBe(
      'Tool "math" is switched off in this configuration, so "math_add" was not called.',
    )
  })

  it('options given directly win over the config: requireConfirmation over manual mode', async () => {
    const manual = config({ mode: 'manual' })
    const unconfirmed = await processToolCallCycle(add(1), {
      registry: registry(),
      config: manual,
      requireConfirmation: false,
    })
    expect(unconfirmed.executionResults[0]?.status).toBe('success')
    const confirmed = await processToolCallCycle(add(1), { registry: registry(), requireConfirmation: true })
    expect(confirmed.executionResults[0]?.result).toBe(
      '"math_add" needs confirmation (requireConfirmation is on) but no approver is set: pass onBeforeExecute.',
    )
  })

  it("the parse options' request ids go on across cycles", async () => {
    const session = createRequestIdSession()
    const tools = registry()
    await processToolCallCycle(add(1), { registry: tools, parse: { session } })
    const next = await processToolCallCycle(add(2), { registry: tools, parse: { session } })
    expect(next.parsedRequests[0]?.requestId).toBe('req-2')
  })
})
