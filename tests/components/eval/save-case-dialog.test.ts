// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { IDBFactory } from 'fake-indexeddb'
import { caseFromCalls, type EvalFunction } from '../../../src/core/eval'
import SaveCaseDialog from '../../../src/components/eval/SaveCaseDialog.vue'
import type { SaveCaseDraft } from '../../../src/components/eval/save-case'
import { useEvalStore } from '../../../src/stores/eval'
import { useTesterStore } from '../../../src/stores/tester'
import { mountWithApp } from '../../helpers-ui'

const global = globalThis as { indexedDB?: IDBFactory }
beforeEach(() => {
  global.indexedDB = new IDBFactory()
  localStorage.clear()
})
afterEach(() => {
  delete global.indexedDB
  document.body.innerHTML = ''
})

const fn = (name: string, description = ''): EvalFunction => ({
  name,
  description,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
})
const FUNCTIONS = [fn('get_weather', 'The weather in a city.'), fn('get_time', 'The time in a city.')]

/** The dialog, open, once the saved cases are listed (as they are long before a person presses Save). */
async function mountDialog(draft: SaveCaseDraft) {
  const wrapper = mountWithApp(SaveCaseDialog, { props: { draft, open: true }, attachTo: document.body })
  const store = useEvalStore()
  await store.ready
  await flushPromises()
  return { wrapper, store }
}
const find = (test: string) => document.querySelector<HTMLElement>(`[data-test="${test}"]`)
const findAll = (test: string) => [...document.querySelectorAll<HTMLElement>(`[data-test="${test}"]`)]
const saveButton = () => find('save-case-save') as HTMLButtonElement

async function type(test: string, text: string): Promise<void> {
  // An el-input puts its attributes on the native field.
  const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-test="${test}"]`)
  if (!field) throw new Error(`no field ${test}`)
  field.value = text
  field.dispatchEvent(new Event('input'))
  await flushPromises()
}
async function click(element: HTMLElement | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click')
  element.click()
  await flushPromises()
}

describe('the Save as eval case dialog', () => {
  it('asks for the question when only the reply is known, saves the case, and offers to open the Eval tab', async () => {
    const { wrapper, store } = await mountDialog({ functions: FUNCTIONS, calls: [{ get_weather: { city: 'Paris' } }] })
    await flushPromises()
    expect(find('save-case-problem')?.textContent).toContain('Write the question')
    expect(saveButton().disabled).toBe(true)
    expect(find('save-case-category')?.dataset.category).toBe('multiple')
    expect(findAll('save-case-call').map((c) => c.textContent?.trim())).toEqual(['get_weather(city="Paris")'])

    await type('save-case-question', 'What is the weather in Paris?')
    expect(saveButton().disabled).toBe(false)
    await click(saveButton())
    await flushPromises()
    const saved = store.savedCases[0]
    expect(saved).toEqual(
      caseFromCalls({
        id: saved!.id,
        messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
        functions: FUNCTIONS,
        calls: [{ get_weather: { city: 'Paris' } }],
      }),
    )
    expect(wrapper.emitted('saved')).toEqual([[saved!.id]])
    expect(wrapper.emitted('update:open')).toEqual([[false]])
    expect(find('save-case-saved')?.textContent).toContain(`Saved as ${saved!.id} in Saved cases.`)
    expect(useTesterStore().tab).not.toBe('eval')
    await click(find('save-case-open-eval'))
    expect(useTesterStore().tab).toBe('eval')
  })

  it('will not save a call of a function not offered; left out, the case expects no call', async () => {
    const { store } = await mountDialog({
      functions: FUNCTIONS,
      calls: [{ fs_wipe: { path: '/' } }],
    })
    await type('save-case-question', 'Hello!')
    expect(find('save-case-problem')?.textContent).toBe(
      'fs_wipe is not among the functions offered: leave this call out to save the case.',
    )
    expect(saveButton().disabled).toBe(true)
    await click(find('save-case-call')?.querySelector('input'))
    expect(find('save-case-problem')).toBeNull()
    expect(find('save-case-no-call')).not.toBeNull()
    expect(find('save-case-category')?.dataset.category).toBe('irrelevance')
    await click(saveButton())
    await flushPromises()
    expect(store.savedCases[0]).toMatchObject({ category: 'irrelevance', expected: [], functions: FUNCTIONS })
  })

  it('offers the functions chosen; a function the reply calls stays offered', async () => {
    const { store } = await mountDialog({ functions: FUNCTIONS, calls: [{ get_time: { city: 'Lima' } }] })
    await type('save-case-question', 'Time in Lima?')
    await click(find('save-case-none'))
    const boxes = findAll('save-case-function')
    expect(
      boxes.map((b) => [b.dataset.name, b.classList.contains('is-checked'), b.classList.contains('is-disabled')]),
    ).toEqual([
      ['get_weather', false, false],
      ['get_time', true, true],
    ])
    expect(find('save-case-function-count')?.textContent).toBe('1 of 2')
    expect(find('save-case-category')?.dataset.category).toBe('simple')
    await click(saveButton())
    await flushPromises()
    expect(store.savedCases[0]?.functions.map((f) => f.name)).toEqual(['get_time'])
  })

  it('shows a chat round’s conversation; the same round saved twice gets a new id the second time', async () => {
    const draft: SaveCaseDraft = {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Weather in Oslo?' },
      ],
      functions: FUNCTIONS,
      calls: [{ get_weather: { city: 'Oslo' } }],
    }
    const { wrapper, store } = await mountDialog(draft)
    await flushPromises()
    expect(find('save-case-question')).toBeNull()
    expect(find('save-case-conversation')?.textContent).toContain('3 messages before the reply')
    expect(find('save-case-conversation')?.textContent).toContain('Weather in Oslo?')
    const proposed = caseFromCalls({ ...draft, messages: draft.messages! }).id
    expect((find('save-case-id') as HTMLInputElement).value).toBe(proposed)
    await click(saveButton())
    await flushPromises()
    expect(store.savedCases.map((c) => c.id)).toEqual([proposed])
    wrapper.unmount()
    document.body.innerHTML = ''
    // A new Pinia comes with the second mount: the first case is read back from the database.
    const second = await mountDialog(draft)
    expect(second.store).not.toBe(store)
    await click(saveButton())
    await flushPromises()
    expect(second.store.savedCases.map((c) => c.id)).toEqual([proposed, `${proposed}-2`])
  })
})
