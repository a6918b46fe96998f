// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { useExecutorStore } from '../../../src/stores/executor'
import { useFreshApp } from '../../helpers-ui'

describe('Replay of a history entry', () => {
  useFreshApp()

  it('restores the method, the arguments and the editor, and Copy as request follows (regression: it kept showing the method chosen since)', async () => {
    const store = useExecutorStore()
    store.choose('calc_evaluate', { expression: '6*7' })
    await store.run()
    store.choose('text_hash', { text: 'hello' })
    expect(store.copyText).toContain('text_hash')

    const result = await store.replay(store.state.history[0]!)
    expect(result?.result).toContain('42')
    expect(store.state.routingName).toBe('calc_evaluate')
    expect(store.target?.routingName).toBe('calc_evaluate')
    expect(store.state.values.expression).toBe('6*7')
    expect(store.currentArguments).toMatchObject({ expression: '6*7' })
    expect(store.copyText).toContain('calc_evaluate')
    expect(store.copyText).toContain('6*7')
    expect(store.copyText).not.toContain('text_hash')
  })

  it('in JSON mode, the editor shows the replayed arguments', async () => {
    const store = useExecutorStore()
    store.choose('calc_evaluate', { expression: '2+2' })
    await store.run()
    store.choose('text_hash', { text: 'hello' })
    expect(store.setMode('json')).toBe(true)
    await store.replay(store.state.history[0]!)
    expect(store.state.mode).toBe('json')
    expect(JSON.parse(store.state.json)).toMatchObject({ expression: '2+2' })
    expect(store.lastResult?.result).toContain('"result": 4')
  })
})
