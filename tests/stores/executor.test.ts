// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { watch } from 'vue'
import type { ToolCallContext, ToolRegistry } from '../../src/core'
import { argumentSummary, HISTORY_SIZE, useExecutorStore } from '../../src/stores/executor'
import { freshPinia, useFreshApp } from '../helpers-ui'

const slowTool: ToolRegistry = {
  id: 'slow',
  name: 'Slow',
  getMetadata: () => ({
    methods: [{ name: 'wait', description: 'Waits until cancelled.', agentCallable: true, parameters: [] }],
  }),
  wait: (_args: unknown, ctx: ToolCallContext) =>
    new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
}

describe('executor store', () => {
  useFreshApp({ extraTools: [slowTool] })

  it('says why Run is disabled until the form is valid', () => {
    const store = useExecutorStore()
    expect(store.blocker).toEqual({ key: 'executor.blocked.noMethod' })
    store.choose('calc_evalute')
    expect(store.blocker).toEqual({ key: 'executor.blocked.unknownMethod' })
    expect(store.targetError).toBe('Unknown tool "calc_evalute". Did you mean "calc_evaluate" or "calc"?')
    store.choose('calc_evaluate')
    expect(store.blocker).toEqual({ key: 'executor.blocked.field', detail: 'expression' })
    store.state.values = { expression: '1+1', precision: 'two' }
    expect(store.blocker).toEqual({ key: 'executor.blocked.field', detail: 'precision' })
    store.state.values = { expression: '1+1', precision: '3' }
    expect(store.blocker).toBeNull()
    expect(store.currentArguments).toEqual({ expression: '1+1', precision: 3 })
  })

  it('shows what the model may send (limit included), in the form, the schema and a preflight plan', () => {
    const store = useExecutorStore()
    store.choose('calc_evaluate')
    expect(store.parameters.map((p) => p.name)).toEqual(['expression', 'precision', 'limit'])
    store.state.values = { expression: '1+1', limit: '5' }
    expect(store.plan).toMatchObject({ verdict: 'ready', limit: 5 })
    expect(store.plan?.checks.map((c) => [c.name, c.state])).toEqual([
      ['expression', 'ok'],
      ['precision', 'absent'],
      ['limit', 'ok'],
    ])
    // In JSON mode the plan catches what a form cannot hold: an argument the method does not take.
    expect(store.setMode('json')).toBe(true)
    store.state.json = '{"expression": "1+1", "colour": "red"}'
    expect(store.plan?.verdict).toBe('invalid-arguments')
    expect(store.blocker).toMatchObject({
      key: 'executor.blocked.plan',
      detail:
        'Invalid arguments for "calc_evaluate": undeclared argument "colour" (declared: expression, precision, limit).',
      detailRef: { id: expect.stringMatching(/^plan\./) },
    })
  })

  it('a history row sums up its arguments on one line', () => {
    expect(argumentSummary({ path: '/notes', depth: 2, recursive: true })).toBe(
      'path: /notes, depth: 2, recursive: true',
    )
    expect(argumentSummary({ content: 'a very long text that goes on\nand on and on' })).toBe(
      'content: a very long text that g…',
    )
    expect(argumentSummary({ files: { '/a.md': 'x' } })).toBe('files: {"/a.md":"x"}')
    expect(argumentSummary({})).toBe('')
    expect(
      argumentSummary({ a: 'x'.repeat(30), b: 'y'.repeat(30), c: 'z'.repeat(30), d: 'w'.repeat(30) }),
    ).toHaveLength(80)
  })

  it('runs, records history (newest first, at most ten) and keeps it across a reload', async () => {
    const store = useExecutorStore()
    store.choose('calc_evaluate', { expression: '6*7' })
    const result = await store.run()
    expect(result).toMatchObject({ status: 'success' })
    expect(store.lastResult?.result).toBe('{\n  "expression": "6*7",\n  "result": 42\n}')
    for (let i = 0; i < HISTORY_SIZE + 2; i++) await store.run({ expression: String(i) })
    expect(store.state.history).toHaveLength(HISTORY_SIZE)
    expect(store.state.history[0]?.arguments).toEqual({ expression: String(HISTORY_SIZE + 1) })
    await Promise.resolve()
    freshPinia()
    const reloaded = useExecutorStore()
    expect(reloaded.state.history).toHaveLength(HISTORY_SIZE)
    expect(reloaded.state.routingName).toBe('calc_evaluate')
    reloaded.loadFromHistory(reloaded.state.history[0]!)
    expect(reloaded.state.values.expression).toBe(String(HISTORY_SIZE + 1))
    expect(await reloaded.replay(reloaded.state.history[1]!)).toMatchObject({
      status: 'success',
      result: expect.stringContaining(`"expression": "${HISTORY_SIZE}"`) as string,
    })
  })

  it('a person may run a method that is not agent-callable', async () => {
    const store = useExecutorStore()
    store.choose('fs_wipe')
    expect(await store.run()).toMatchObject({ status: 'success' })
  })

  it('a long result is shown cut; the whole text stays available', async () => {
    const store = useExecutorStore()
    store.choose('text_base64Encode')
    store.state.values.text = 'x'.repeat(30_000)
    const result = await store.run()
    expect(result?.truncation).toMatchObject({ keptChars: 8000, totalChars: 40_000 })
    expect(store.fullResult).toBe(btoa('x'.repeat(30_000)))
    expect(result?.result).toContain('vars_ReadVar')
  })

  it('cancels a slow run', async () => {
    const store = useExecutorStore()
    store.choose('slow_wait')
    const pending = store.run()
    expect(store.running).toBe(true)
    store.cancel()
    expect(await pending).toMatchObject({ status: 'aborted', result: '"slow_wait" was aborted while running.' })
    expect(store.running).toBe(false)
  })

  it('JSON mode sends the text as typed; switching modes keeps the values', async () => {
    const store = useExecutorStore()
    store.choose('calc_evaluate', { expression: '2+2' })
    expect(store.setMode('json')).toBe(true)
    expect(JSON.parse(store.state.json)).toEqual({ expression: '2+2' })
    store.state.json = '{"expression": "3+3", "precision": "2"}'
    expect(store.blocker).toBeNull()
    expect(store.currentArguments).toEqual({ expression: '3+3', precision: '2' })
    expect(await store.run()).toMatchObject({ status: 'success' })
    store.state.json = '{"expression": '
    expect(store.blocker).toMatchObject({ key: 'executor.blocked.invalidJson' })
    expect(store.setMode('form')).toBe(false)
    store.state.json = '{"expression": "5*5"}'
    expect(store.setMode('form')).toBe(true)
    expect(store.state.values.expression).toBe('5*5')
    store.state.copyProtocol = 'hermes'
    expect(store.copyText).toBe('<tool_call>\n{"name":"calc_evaluate","arguments":{"expression":"5*5"}}\n</tool_call>')
  })
})

describe('executor store: progress', () => {
  let release: () => void = () => undefined
  const floodTool: ToolRegistry = {
    id: 'flood',
    name: 'Flood',
    getMetadata: () => ({
      methods: [
        { name: 'run', description: 'Reports progress ten thousand times.', agentCallable: true, parameters: [] },
      ],
    }),
    async run(_args: unknown, ctx: ToolCallContext) {
      for (let batch = 0; batch < 10; batch++) {
        for (let n = 1; n <= 1000; n++) ctx.onProgress?.({ progress: batch * 1000 + n, total: 10_000 })
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      await new Promise<void>((resolve) => (release = resolve))
      return 'done'
    },
  }
  useFreshApp({ extraTools: [floodTool] })

  it('a flood of progress notifications is applied at most once per frame, and the last one shows (each was applied)', async () => {
    const store = useExecutorStore()
    store.choose('flood_run')
    let writes = 0
    const stop = watch(
      () => store.progress,
      () => writes++,
      { flush: 'sync' },
    )
    const running = store.run({})
    await vi.waitFor(() => expect(store.progress?.progress).toBe(10_000), { timeout: 10_000 })
    expect(writes).toBeGreaterThan(0)
    expect(writes).toBeLessThan(100)
    release()
    expect((await running)?.status).toBe('success')
    stop()
  })
})
