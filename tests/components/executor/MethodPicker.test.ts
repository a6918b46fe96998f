// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { MethodChoice } from '../../../src/stores/executor'
import MethodPicker from '../../../src/components/executor/MethodPicker.vue'
import { mountWithApp } from '../../helpers-ui'

const choice = (routingName: string) => ({ routingName, method: { agentCallable: true } }) as MethodChoice

function mountPicker() {
  return mountWithApp(MethodPicker, {
    props: { routingName: '', mode: 'form', methods: [choice('calc_evaluate'), choice('calc_evaluateAll')] },
  })
}

async function enter(wrapper: ReturnType<typeof mountPicker>, typed: string) {
  const input = wrapper.find('input')
  ;(input.element as HTMLInputElement).value = typed
  await input.trigger('keydown', { key: 'Enter' })
}

describe('the method picker', () => {
  it('Enter takes an exact routing name, even when other names contain it, and a name nothing matches', async () => {
    const wrapper = mountPicker()
    await enter(wrapper, 'calc_evaluate')
    await enter(wrapper, 'weather_today')
    expect(wrapper.emitted('choose')).toEqual([['calc_evaluate'], ['weather_today']])
  })

  it('Enter leaves a partial name to the list', async () => {
    const wrapper = mountPicker()
    await enter(wrapper, 'calc_eval')
    expect(wrapper.emitted('choose')).toBeUndefined()
  })

  it('says which mode was asked for', async () => {
    const wrapper = mountPicker()
    await wrapper.findAll('[data-test="executor-mode"] input')[1]?.setValue(true)
    expect(wrapper.emitted('switchMode')).toEqual([['json']])
  })
})
