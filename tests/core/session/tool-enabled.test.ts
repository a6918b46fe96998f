/** A session's own tool switch: a method is on only when it and the config both say so. */
import { describe, expect, it } from 'vitest'
import {
  createToolRegistryManager,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  type ToolCallConfig,
} from '../../../src/core'
import { mathTool } from '../../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const call = (name: string, fields = '') =>
  `<<<[TOOL_REQUEST]>>>\ntool_name:「始」${name}「末」${fields}\n<<<[END_TOOL_REQUEST]>>>`

function session(over: Partial<ToolCallConfig> = {}) {
  const registry = createToolRegistryManager()
  registry.register(mathTool())
  return createToolSession({ registry, config: config(over), toolEnabled: (_tool, method) => method !== 'repeat' })
}

describe("a tool session's own switch", () => {
  it('switches a method off in plans and runs', async () => {
    const tools = session()
    const [add, repeat] = tools.parse(call('math_add', ',\na:「始」1「末」') + call('math_repeat')).requests
    expect(tools.isToolOn('math', 'add')).toBe(true)
    expect(tools.isToolOn('math', 'repeat')).toBe(false)
    expect(tools.plan(add!).verdict).toBe('ready')
    expect(tools.plan(repeat!).verdict).toBe('disabled')
    const results = await tools.execute([add!, repeat!])
    expect(results.map((r) => r.status)).toEqual(['success', 'denied'])
  })

  it('leaves the method out of the tools prompt, text and native', () => {
    const tools = session()
    const text = tools.toolsPrompt({ calling: 'text' }).text
    expect(text).toContain('math_add')
    expect(text).not.toContain('math_repeat')
    const native = tools.toolsPrompt({ calling: 'native' }).definitions?.map((d) => d.function.name)
    expect(native).toContain('math_add')
    expect(native).not.toContain('math_repeat')
  })

  it('cannot switch on what the config has off', () => {
    const tools = session({ toolToggles: { math_add: false } })
    expect(tools.isToolOn('math', 'add')).toBe(false)
    expect(tools.toolsPrompt().text).not.toContain('math_add')
  })
})
