// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../src/stores/executor'
import RunHistory from '../../../src/components/executor/RunHistory.vue'
import { mountWithApp } from '../../helpers-ui'

const entry: HistoryEntry = {
  id: 1,
  routingName: 'calc_evaluate',
  arguments: { expression: '6*7' },
  status: 'success',
  result: '42',
  durationMs: 1.25,
  at: 0,
}

describe('the run history', () => {
  it('shows each run on one line and asks to replay, load or clear it', async () => {
    const wrapper = mountWithApp(RunHistory, { props: { history: [entry], running: false } })
    expect(wrapper.find('[data-test="history-args"]').text()).toBe('expression: 6*7')
    await wrapper.find('[data-test="history-replay"]').trigger('click')
    await wrapper.find('[data-test="history-load"]').trigger('click')
    await wrapper.find('.executor__history-head button').trigger('click')
    expect(wrapper.emitted('replay')).toEqual([[entry]])
    expect(wrapper.emitted('load')).toEqual([[entry]])
    expect(wrapper.emitted('clear')).toHaveLength(1)
  })

  it('cannot replay while a call runs, and says when there is no run yet', async () => {
    const wrapper = mountWithApp(RunHistory, { props: { history: [entry], running: true } })
    expect(wrapper.find('[data-test="history-replay"]').attributes('disabled')).toBeDefined()
    await wrapper.setProps({ history: [] })
    expect(wrapper.find('.el-empty').exists()).toBe(true)
  })
})
