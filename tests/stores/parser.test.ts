// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { useParserStore } from '../../src/stores/parser'
import { SAMPLE_REPLIES } from '../../src/stores/samples'
import { useFreshApp } from '../helpers-ui'

describe('parser store', () => {
  useFreshApp()

  it('checks each request against the registry: ready, unknown tool, not agent-callable, invalid', () => {
    const store = useParserStore()
    store.loadSample(1)
    const checks = store.result.requests.map((r) => [r.toolName, store.check(r).status])
    // depth "two" and the undeclared "colour" would be refused by the executor.
    expect(checks).toEqual([
      ['fs_tree', 'invalid'],
      ['calc_evalute', 'unknown-tool'],
      ['text_hash', 'invalid'],
    ])
    store.loadSample(0)
    expect(store.result.requests.map((r) => store.check(r).status)).toEqual(['ready', 'ready', 'ready'])
    store.state.protocol = 'vcp'
    store.text = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_wipe「末」\n<<<[END_TOOL_REQUEST]>>>\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」nope_x「末」\n<<<[END_TOOL_REQUEST]>>>'
    store.flush()
    expect(store.result.requests.map((r) => store.check(r).status)).toEqual(['not-agent-callable', 'unknown-tool'])
  })

  it('compares each argument with the parameters', () => {
    const store = useParserStore()
    store.text = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_tree「末」,\ndepth:「始」two「末」,\ncolour:「始」red「末」\n<<<[END_TOOL_REQUEST]>>>\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」text_hash「末」\n<<<[END_TOOL_REQUEST]>>>'
    store.flush()
    const [tree, hash] = store.result.requests.map((r) => store.check(r).rows)
    expect(tree).toEqual([
      { name: 'path', given: undefined, expected: 'string', state: 'default', coerced: '"/"' },
      { name: 'depth', given: 'two', expected: 'integer', state: 'error', problem: '"depth" must be an integer, got "two"' },
      { name: 'colour', given: 'red', expected: '', state: 'undeclared' },
    ])
    expect(hash?.[0]).toMatchObject({ name: 'text', state: 'missing' })
  })

  it('runs one or all requests and keeps the results per request', async () => {
    const store = useParserStore()
    store.loadSample(0)
    await store.runAll()
    const results = store.result.requests.map((r) => store.results[r.requestId]?.status)
    expect(results).toEqual(['success', 'success', 'success'])
    expect(store.results['req-2']?.result).toBe('- try the workbench')
  })

  it('parses after a pause in typing, and the samples cover several protocols', async () => {
    const store = useParserStore()
    store.text = '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "1"}}</tool_call>'
    expect(store.stale).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(store.stale).toBe(false)
    expect(store.result.requests[0]?.toolName).toBe('calc_evaluate')
    store.loadSample(2)
    expect(store.result.diagnostics.find((d) => d.code === 'protocol-detected')?.message).toBe('Detected: vcp (1 request), hermes (1 request), json (1 request).')
    expect(SAMPLE_REPLIES.map((s) => s.protocol)).toEqual(['vcp', 'vcp', 'auto'])
  })
})
