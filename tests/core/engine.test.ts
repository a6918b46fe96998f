import { describe, expect, it } from 'vitest'
import { createToolRegistryManager } from '../../src/core/tools/registry-manager'
import { formatResultsForContext, processToolCallCycle } from '../../src/core/engine'
import { DEFAULT_TOOL_CALL_CONFIG, parseVcpResults, type ToolCallConfig } from '../../src/core'
import { mathTool } from '../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const reply = `Let me add those.
<<<[TOOL_REQUEST]>>>
tool_name:「始」math_add「末」,
a:「始」2「末」,
b:「始」40「末」
<<<[END_TOOL_REQUEST]>>>
And repeat:
<<<[TOOL_REQUEST]>>>
tool_name:「始」math「末」,
command:「始」repeat「末」,
word:「始」ok「末」,
times:「始」2「末」
<<<[END_TOOL_REQUEST]>>>`

describe('cycle engine', () => {
  it('parses, executes and formats results the parser reads back', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const cycle = await processToolCallCycle(reply, { registry, config: config() })
    expect(cycle.hasToolRequests).toBe(true)
    expect(cycle.parsedRequests.map((r) => r.requestId)).toEqual(['req-1', 'req-2'])
    expect(cycle.executionResults.map((r) => [r.status, r.result])).toEqual([
      ['success', '{\n  "sum": 42\n}'],
      ['success', 'ok ok'],
    ])
    const text = formatResultsForContext(cycle.executionResults, 'vcp')
    const back = parseVcpResults(text).results
    expect(back.map((r) => [r.requestId, r.toolName, r.status, r.result])).toEqual([
      ['req-1', 'math_add', 'success', '{\n  "sum": 42\n}'],
      ['req-2', 'math', 'success', 'ok ok'],
    ])
  })

  it('a reply without requests runs nothing', async () => {
    const cycle = await processToolCallCycle('Just prose.', { registry: createToolRegistryManager() })
    expect(cycle).toEqual({ hasToolRequests: false, parsedRequests: [], executionResults: [], diagnostics: [] })
  })

  it('takes confirmation, tool toggles and manual mode from the config', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const off = await processToolCallCycle(reply, { registry, config: config({ toolToggles: { math: false } }) })
    expect(off.executionResults.map((r) => r.status)).toEqual(['denied', 'denied'])
    const manual = await processToolCallCycle(reply, { registry, config: config({ mode: 'manual' }) })
    expect(manual.executionResults[0]?.result).toBe(
      '"math_add" needs confirmation (requireConfirmation is on) but no approver is set: pass onBeforeExecute.',
    )
    const approved = await processToolCallCycle(reply, {
      registry,
      config: config({ requireConfirmation: true }),
      onBeforeExecute: (c) => c.method === 'add',
    })
    expect(approved.executionResults.map((r) => r.status)).toEqual(['success', 'denied'])
  })

  it('an unknown result protocol is an error that lists the known ones', () => {
    expect(() => formatResultsForContext([], 'nope')).toThrow(
      'Unknown protocol "nope". Registered protocols: vcp, json, xml, hermes.',
    )
  })
})
