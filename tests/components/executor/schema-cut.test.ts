// @vitest-environment happy-dom
/**
 * A tool whose schema was too large to read whole (an MCP tool of 50,000 parameters) is written as
 * JSON in the Executor, with a notice saying why and a download of the whole schema; the
 * arguments of parameters the form could not show are kept and sent.
 */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { MethodMetadata, ToolRegistry } from '../../../src/core'
import ExecutorPane from '../../../src/components/executor/ExecutorPane.vue'
import { useExecutorStore } from '../../../src/stores/executor'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

const huge: MethodMetadata = {
  name: 'huge',
  description: 'Takes many parameters.',
  parameters: [{ name: 'p0', type: 'string' }],
  agentCallable: true,
  openArguments: true,
  schemaCut: { declared: 50_000, shown: 1, wholeSchema: () => '{"type":"object"}' },
}
const calls: Record<string, unknown>[] = []
const bigTool: ToolRegistry = {
  id: 'big',
  name: 'Big',
  description: 'A tool with a large schema.',
  getMetadata: () => ({ methods: [huge] }),
  callMethod: (_name, args) => {
    calls.push(args)
    return 'called'
  },
}

useFreshApp({ extraTools: [bigTool] })

describe('the Executor and a schema too large for the form', () => {
  it('writes the arguments as JSON, says why, and keeps those of parameters the form cannot show', async () => {
    const wrapper = mountWithApp(ExecutorPane)
    const store = useExecutorStore()
    store.choose('big_huge', { p0: 'a', p40000: 'b' })
    await flushPromises()
    const notice = wrapper.find('[data-test="executor-schema-cut"]')
    expect(notice.exists()).toBe(true)
    expect(notice.text()).toContain('declares 50,000 parameters; 1 fit its budget')
    expect(wrapper.find('[data-test="executor-schema-download"]').exists()).toBe(true)
    expect(wrapper.find('[data-test="executor-form"]').exists()).toBe(false)
    // The form cannot be chosen for it.
    const formButton = wrapper.findAll('[data-test="executor-mode"] input')[0]
    expect(formButton?.attributes('disabled')).toBeDefined()
    expect(store.mode).toBe('json')
    expect(JSON.parse(store.state.json)).toEqual({ p0: 'a', p40000: 'b' })
    expect(store.currentArguments).toEqual({ p0: 'a', p40000: 'b' })
    await store.run()
    expect(calls.at(-1)).toEqual({ p0: 'a', p40000: 'b' })
  })

  it('draws the form again for a tool that fits', async () => {
    const wrapper = mountWithApp(ExecutorPane)
    const store = useExecutorStore()
    store.choose('calc_evaluate')
    await flushPromises()
    expect(wrapper.find('[data-test="executor-schema-cut"]').exists()).toBe(false)
    expect(wrapper.find('[data-test="executor-form"]').exists()).toBe(true)
  })
})
