// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { nextTick, shallowRef } from 'vue'
import { defineComponent, h } from 'vue'
import type { MethodParameter } from '../../../src/core'
import ParameterField from '../../../src/components/executor/ParameterField.vue'
import { readForm, toFieldValue, type FieldValue } from '../../../src/forms/parameter-form'
import { mountWithApp } from '../../helpers-ui'

/** A field bound to a ref, with errors computed as the executor computes them. */
function harness(param: MethodParameter, initial?: unknown) {
  const value = shallowRef<FieldValue>(toFieldValue(param, initial))
  // Rendered through a plain component so the field's own props stay untyped here.
  const Field = ParameterField as unknown as Parameters<typeof h>[0]
  const Host = defineComponent(
    () => () =>
      h(Field, {
        param,
        path: param.name,
        modelValue: value.value,
        errors: readForm([param], { [param.name]: value.value }).errors,
        'onUpdate:modelValue': (v: FieldValue) => (value.value = v),
      }),
  )
  const wrapper = mountWithApp(Host)
  return { wrapper, value }
}

describe('ParameterField', () => {
  it('string: text, multi-line for long values, required error when empty', async () => {
    const { wrapper, value } = harness({ name: 'path', type: 'string' })
    expect(wrapper.find('[data-kind="text"] input').exists()).toBe(true)
    expect(wrapper.text()).toContain('Required.')
    await wrapper.find('input').setValue('/a')
    expect(value.value).toBe('/a')
    await nextTick()
    expect(wrapper.text()).not.toContain('Required.')
    const long = harness({ name: 'content', type: 'string' }, 'x')
    expect(long.wrapper.find('textarea').exists()).toBe(true)
  })

  it('integer: keeps what is typed and explains what is wrong', async () => {
    const { wrapper, value } = harness({ name: 'depth', type: 'integer' })
    await wrapper.find('input').setValue('2.5')
    await nextTick()
    expect(value.value).toBe('2.5')
    expect(wrapper.text()).toContain('Enter a whole number.')
    await wrapper.find('input').setValue('3')
    await nextTick()
    expect(wrapper.text()).not.toContain('Enter a whole number.')
    const number = harness({ name: 'ratio', type: 'number' })
    await number.wrapper.find('input').setValue('1e')
    await nextTick()
    expect(number.wrapper.text()).toContain('Enter a number.')
  })

  it('boolean: a switch, or a three-way select when optional without default', async () => {
    const { wrapper, value } = harness({ name: 'loud', type: 'boolean', defaultValue: false })
    await wrapper.find('.el-switch').trigger('click')
    expect(value.value).toBe(true)
    const tri = harness({ name: 'maybe', type: 'boolean', required: false })
    expect(tri.wrapper.find('[data-kind="tri-state"] .el-select').exists()).toBe(true)
    expect(tri.value.value).toBeNull()
  })

  it('enum: a select of the allowed values', () => {
    const { wrapper } = harness({ name: 'mode', type: 'enum', enumValues: ['fast', 'slow'] })
    expect(wrapper.find('[data-kind="select"] .el-select').exists()).toBe(true)
    expect(wrapper.text()).toContain('Required.')
  })

  it('object with properties: nested fields with their own errors', async () => {
    const { wrapper, value } = harness({
      name: 'filter',
      type: 'object',
      properties: [
        { name: 'tag', type: 'string' },
        { name: 'depth', type: 'integer', required: false },
      ],
    })
    expect(wrapper.find('[data-test="nested-object"]').exists()).toBe(true)
    expect(wrapper.find('[data-test="field-filter.tag"]').text()).toContain('Required.')
    const inputs = wrapper.findAll('[data-test="nested-object"] input')
    await inputs[1]!.setValue('x')
    await nextTick()
    expect(value.value).toEqual({ tag: '', depth: 'x' })
    expect(wrapper.find('[data-test="field-filter.depth"]').text()).toContain('Enter a number.')
  })

  it('array with items: add and remove items, each validated', async () => {
    const { wrapper, value } = harness({
      name: 'points',
      type: 'array',
      items: { name: 'p', type: 'object', properties: [{ name: 'x', type: 'number' }] },
    })
    await wrapper.find('[data-test="add-points"]').trigger('click')
    await wrapper.find('[data-test="add-points"]').trigger('click')
    expect(value.value).toEqual([{ x: '' }, { x: '' }])
    await nextTick()
    expect(wrapper.find('[data-test="field-points[1].x"]').text()).toContain('Required.')
    await wrapper.find('[data-test="remove-points-0"]').trigger('click')
    expect(value.value).toEqual([{ x: '' }])
  })

  it('array of enum values: one select of several values', async () => {
    const { wrapper, value } = harness(
      { name: 'tags', type: 'array', items: { name: 'tag', type: 'enum', enumValues: ['red', 'green', 'blue'] } },
      ['green'],
    )
    expect(wrapper.find('[data-test="multi-select"]').exists()).toBe(true)
    expect(wrapper.find('[data-test="list"]').exists()).toBe(false)
    expect(value.value).toEqual(['green'])
    expect(
      readForm(
        [{ name: 'tags', type: 'array', items: { name: 'tag', type: 'enum', enumValues: ['red', 'green', 'blue'] } }],
        { tags: ['green', 'blue'] },
      ).arguments,
    ).toEqual({ tags: ['green', 'blue'] })
  })

  it('object without properties and array without items: a JSON field as last resort', async () => {
    const { wrapper, value } = harness({ name: 'extra', type: 'object', required: false })
    expect(wrapper.find('[data-kind="json"] textarea').exists()).toBe(true)
    await wrapper.find('textarea').setValue('[1]')
    await nextTick()
    expect(value.value).toBe('[1]')
    expect(wrapper.text()).toContain('Enter a JSON object.')
    await wrapper.find('textarea').setValue('{"a": ')
    await nextTick()
    expect(wrapper.text()).toContain('Not valid JSON')
  })
})
