// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { useParserStore } from '../../src/stores/parser'
import { SAMPLE_REPLIES } from '../../src/parsing/samples'
import { useFreshApp } from '../helpers-ui'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'

describe('parser store', () => {
  useFreshApp()

  it('plans each request as the executor will run it, and counts the verdicts', async () => {
    const store = useParserStore()
    store.loadSample(3)
    await flushPromises()
    expect(store.plans.map((p) => [p.request.toolName, p.verdict])).toEqual([
      ['fs_tree', 'ready'],
      ['fs', 'ready'],
      ['fs_delete', 'in-reasoning'],
      ['weather_today', 'unknown-tool'],
      ['calc_evaluate', 'invalid-arguments'],
    ])
    expect(store.plans[0]?.limit).toBe(100)
    expect(store.plans[1]?.items?.map((item) => [item.routingName, item.verdict])).toEqual([
      ['fs_write', 'ready'],
      ['fs_write', 'ready'],
      ['fs_tree', 'ready'],
    ])
    expect(store.summary).toEqual([
      { verdict: 'ready', count: 2 },
      { verdict: 'in-reasoning', count: 1 },
      { verdict: 'unknown-tool', count: 1 },
      { verdict: 'invalid-arguments', count: 1 },
    ])
    store.state.protocol = 'vcp'
    store.text = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_wipe「末」\n<<<[END_TOOL_REQUEST]>>>'
    store.flush()
    expect(store.plans.map((p) => p.verdict)).toEqual(['not-callable'])
  })

  it('an edit keeps the requests and plans it did not touch (their cards are not redrawn), and replaces the one it changed', async () => {
    const store = useParserStore()
    store.state.protocol = 'vcp'
    const block = (expression: string) =>
      `<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」${expression}「末」\n<<<[END_TOOL_REQUEST]>>>`
    store.text = `${block('1+1')}\n${block('2+2')}\n`
    store.flush()
    await flushPromises()
    const [first, second] = store.result.requests
    const plans = [...store.plans]
    store.text += 'More prose after the blocks.'
    store.flush()
    expect(store.result.requests[0]).toBe(first)
    expect(store.result.requests[1]).toBe(second)
    expect(store.plans[0]).toBe(plans[0])
    store.text = store.text.replace('2+2', '3+3')
    store.flush()
    expect(store.result.requests[0]).toBe(first)
    expect(store.result.requests[1]).not.toBe(second)
    expect(store.result.requests[1]?.args.expression).toBe('3+3')
    expect(store.plans[1]?.request.args.expression).toBe('3+3')
  })

  it('puts argument problems in the diagnostics, on the values, and a reasoning warning over the whole block', () => {
    const store = useParserStore()
    store.loadSample(3)
    const text = store.text
    const spans = store.diagnostics
      .filter((d) => d.code !== 'protocol-detected')
      .map((d) => [d.code, text.slice(d.offset, d.offset + d.length)])
    const reasoning = spans.find(([code]) => code === 'request-in-reasoning')?.[1] ?? ''
    expect(reasoning.startsWith('<<<[TOOL_REQUEST]>>>') && reasoning.endsWith('<<<[END_TOOL_REQUEST]>>>')).toBe(true)
    expect(spans).toContainEqual(['argument-type-error', 'two'])
    expect(spans.find(([code]) => code === 'unknown-tool')?.[1]).toContain('weather_today')
    const rows = store.plans[4]?.checks.map((c) => [c.name, c.state])
    expect(rows).toEqual([
      ['expression', 'ok'],
      ['precision', 'type-error'],
      ['limit', 'absent'],
    ])
  })

  it('runs what is ready, skips reasoning unless asked, and asks before a call that needs approval', async () => {
    const store = useParserStore()
    store.loadSample(3)
    await store.runAll()
    const statuses = store.result.requests.map((r) => store.results[r.requestId]?.status)
    expect(statuses).toEqual(['success', 'success', 'denied', 'error', 'error'])
    const reasoning = store.result.requests[2]!
    expect(store.results[reasoning.requestId]?.result).toContain('inside <think> reasoning')
    // /plan now holds two files: deleting it does not need approval, and Run anyway runs it.
    await store.run(reasoning, { runAnyway: true })
    expect(store.results[reasoning.requestId]?.status).toBe('success')
  })

  it('a call the tool wants approved waits for the approver, and is not run without one', async () => {
    const store = useParserStore()
    const write = (n: number) =>
      `<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_write「末」,\npath:「始」/big/${n}.md「末」,\ncontent:「始」x「末」\n<<<[END_TOOL_REQUEST]>>>`
    store.text = [1, 2, 3, 4].map(write).join('\n')
    await store.runAll()
    store.text =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_delete「末」,\npath:「始」/big「末」,\nrecursive:「始」true「末」\n<<<[END_TOOL_REQUEST]>>>'
    store.flush()
    await flushPromises()
    expect(store.plans[0]).toMatchObject({
      verdict: 'needs-approval',
      approvalReason: 'it deletes 4 files under "/big"',
    })
    const [del] = store.result.requests
    await store.run(del!)
    expect(store.results[del!.requestId]).toMatchObject({ status: 'denied' })
    const asked: string[] = []
    await store.run(del!, { approve: (call) => (asked.push(call.approvalReason ?? ''), false) })
    expect(asked).toEqual(['it deletes 4 files under "/big"'])
    expect(store.results[del!.requestId]?.status).toBe('denied')
    await store.run(del!, { approve: () => true })
    expect(store.results[del!.requestId]?.status).toBe('success')
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
    expect(store.result.diagnostics.find((d) => d.code === 'protocol-detected')?.message).toBe(
      'Detected: vcp (1 request), hermes (1 request), json (1 request).',
    )
    expect(SAMPLE_REPLIES.map((s) => s.protocol)).toEqual(['vcp', 'vcp', 'auto', 'vcp', 'auto'])
    store.loadSample(4)
    expect(store.result.detected?.map((d) => [d.id, d.requests])).toEqual([
      ['qwen3-coder', 1],
      ['harmony', 1],
      ['mistral', 1],
    ])
    // The registered tools type the Qwen3-Coder value by its schema.
    expect(store.result.requests[0]?.arguments).toEqual({ expression: 'sqrt(2) * 10', precision: 4 })
  })

  it("says an unknown tool once: the plan's diagnostic, not also the parser's tools-hint check", () => {
    const store = useParserStore()
    store.text = '[TOOL_CALLS]calc_evaluat[ARGS]{"expression": "1"}'
    store.state.protocol = 'auto'
    store.flush()
    expect(store.result.diagnostics.map((d) => d.code)).toContain('unknown-tool-name')
    expect(store.diagnostics.map((d) => d.code).filter((c) => c.startsWith('unknown-tool'))).toEqual(['unknown-tool'])
  })

  it('takes a model name as a hint, and keeps it across reloads', async () => {
    const store = useParserStore()
    store.text = '[calc_evaluate(expression="1+1"), not_a_tool()]'
    store.state.protocol = 'auto'
    store.flush()
    // Without a model only the call of a registered tool counts as evidence of the format.
    expect(store.result.requests.map((r) => r.toolName)).toEqual(['calc_evaluate'])
    store.state.model = 'meta-llama/Llama-3.2-3B-Instruct'
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(store.result.requests.map((r) => r.toolName)).toEqual(['calc_evaluate', 'not_a_tool'])
    expect(JSON.parse(localStorage.getItem('vcp-workbench:parser') ?? '{}').data?.model).toBe(
      'meta-llama/Llama-3.2-3B-Instruct',
    )
    setActivePinia(createPinia())
    expect(useParserStore().state.model).toBe('meta-llama/Llama-3.2-3B-Instruct')
  })
})
