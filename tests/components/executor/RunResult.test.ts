// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { ToolExecutionResult } from '../../../src/core'
import RunResult from '../../../src/components/executor/RunResult.vue'
import { mountWithApp } from '../../helpers-ui'

const cut = {
  requestId: 'run-1',
  toolName: 'text_base64Encode',
  status: 'success',
  result: '"eHh4…"',
  durationMs: 3,
  truncation: { keptChars: 8000, totalChars: 40000, variable: 'result_1' },
} as ToolExecutionResult

describe('the run result', () => {
  it('opens a cut result whole on request, and closes it for the next result', async () => {
    const wrapper = mountWithApp(RunResult, { props: { result: cut, fullResult: 'x'.repeat(40000) } })
    expect(wrapper.attributes('data-status')).toBe('success')
    expect(wrapper.find('[data-test="executor-cut-note"]').text()).toContain('8,000')
    await wrapper.find('[data-test="executor-open-full"]').trigger('click')
    expect(wrapper.find('[data-test="executor-full-result"]').exists()).toBe(true)
    await wrapper.setProps({ result: { ...cut, requestId: 'run-2' } })
    expect(wrapper.find('[data-test="executor-full-result"]').exists()).toBe(false)
  })

  it('shows why a call failed', () => {
    const failed = { ...cut, status: 'aborted', result: 'stopped', truncation: undefined } as ToolExecutionResult
    const wrapper = mountWithApp(RunResult, { props: { result: failed, fullResult: null } })
    expect(wrapper.find('[data-test="executor-failure"]').text()).toContain('stopped')
    expect(wrapper.find('[data-test="executor-open-full"]').exists()).toBe(false)
  })
})
