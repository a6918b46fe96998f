// @vitest-environment happy-dom
/** The elicitation dialog: the server's form drawn by the Executor's fields, checked before Accept, and its three answers. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import ElicitationDialog from '../../../src/components/mcp/ElicitationDialog.vue'
import { useMcpElicitationStore } from '../../../src/stores/mcp/elicitation'
import { mountWithApp } from '../../helpers-ui'
import { EVERY_FIELD } from '../../fixtures/mcp/elicitation-schemas'

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2 },
    email: { type: 'string', format: 'email' },
    hero: {
      type: 'string',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: '<b>Wonder</b> Woman' },
      ],
      default: 'hero-2',
    },
    count: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
  },
  required: ['name', 'email'],
}
const HOSTILE_MESSAGE = 'Hello <img src=x onerror="window.hacked=1"> <script>window.hacked=2</script>'

const body = () => document.body
const find = (test: string) => body().querySelector<HTMLElement>(`[data-test="${test}"]`)
const textOf = (test: string) => find(test)?.textContent ?? ''

let wrapper: ReturnType<typeof mountWithApp> | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  body().innerHTML = ''
})

/** The dialog mounted, with requests from `asks` (server name and schema) waiting. */
async function open(...asks: { server: string; schema?: unknown; signal?: AbortSignal }[]) {
  wrapper = mountWithApp(ElicitationDialog, { attachTo: body() })
  const store = useMcpElicitationStore()
  const answers = asks.map(({ server, schema = SCHEMA, signal = new AbortController().signal }) =>
    store.answer({ message: HOSTILE_MESSAGE, requestedSchema: schema } as never, { server, signal }),
  )
  await vi.waitFor(() => expect(find('elicitation-panel')).not.toBeNull(), { timeout: 20_000 })
  return { store, answers }
}

function type(field: string, text: string): void {
  const input = body().querySelector<HTMLInputElement>(`[data-test="field-${field}"] input`)!
  input.value = text
  input.dispatchEvent(new Event('input'))
}

const settled = (promise: Promise<ElicitResult>) => {
  const seen = vi.fn()
  void promise.then(seen, seen)
  return seen
}

describe('the elicitation dialog', { timeout: 60_000 }, () => {
  it('shows the server and its message as text, never as HTML, with the form prefilled from the defaults', async () => {
    await open({ server: 'everything' })
    expect(body().textContent).toContain('"everything" asks you')
    expect(textOf('elicitation-message')).toBe(HOSTILE_MESSAGE)
    expect(find('elicitation-panel')!.querySelector('img, script, b')).toBeNull()
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
    expect(body().querySelector<HTMLInputElement>('[data-test="field-count"] input')!.value).toBe('3')
    expect(textOf('field-name')).toContain('Your name')
    expect(textOf('elicitation-hint-email')).toBe('Expects an email address, e.g. name@example.org.')
    expect(textOf('elicitation-hint-count')).toBe('From 1 to 10.')
  })

  it('draws every kind of field the protocol allows with the Executor’s fields', async () => {
    await open({ server: 'everything', schema: EVERY_FIELD.requestedSchema })
    const kinds = [...body().querySelectorAll<HTMLElement>('[data-test="elicitation-form"] [data-kind]')].map((el) => [
      el.dataset.test,
      el.dataset.kind,
    ])
    expect(kinds).toEqual([
      ['field-name', 'text'],
      ['field-check', 'tri-state'],
      ['field-firstLine', 'text'],
      ['field-email', 'text'],
      ['field-homepage', 'text'],
      ['field-birthdate', 'text'],
      ['field-meeting', 'text'],
      ['field-integer', 'number'],
      ['field-number', 'number'],
      ['field-friend', 'select'],
      ['field-instruments', 'list'],
      ['field-hero', 'select'],
      ['field-fish', 'list'],
      ['field-pet', 'select'],
    ])
    expect(find('field-fish')!.querySelector('[data-test="multi-select"]')).not.toBeNull()
  })

  it('sends nothing while a field is wrong, says what is wrong per field, then sends the content with the listed values', async () => {
    const { answers } = await open({ server: 'everything' })
    const seen = settled(answers[0]!)
    find('elicitation-accept')!.click()
    await vi.waitFor(() => expect(find('elicitation-invalid')).not.toBeNull(), { timeout: 20_000 })
    expect(textOf('field-name')).toContain('Required.')
    expect(textOf('field-email')).toContain('Required.')

    type('name', 'A')
    type('email', 'ada@')
    type('count', '11')
    find('elicitation-accept')!.click()
    await vi.waitFor(
      () => expect(textOf('elicitation-problem-email')).toBe('Enter an email address, e.g. name@example.org.'),
      {
        timeout: 20_000,
      },
    )
    expect(textOf('elicitation-problem-name')).toBe('Enter at least 2 characters.')
    expect(textOf('elicitation-problem-count')).toBe('Enter 10 or less.')
    expect(seen).not.toHaveBeenCalled()

    type('name', 'Ada')
    type('email', 'ada@example.org')
    type('count', '7')
    await vi.waitFor(() => expect(find('elicitation-invalid')).toBeNull(), { timeout: 20_000 })
    find('elicitation-accept')!.click()
    await expect(answers[0]).resolves.toEqual({
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.org', hero: 'hero-2', count: 7 },
    })
    await vi.waitFor(() => expect(find('elicitation-panel')).toBeNull(), { timeout: 20_000 })
  })

  it('queues requests; Decline and closing (Cancel) answer the one shown and the next one shows', async () => {
    const { answers } = await open({ server: 'first' }, { server: 'second' }, { server: 'third' })
    expect(textOf('elicitation-queue')).toBe('2 more requests wait')
    find('elicitation-decline')!.click()
    await expect(answers[0]).resolves.toEqual({ action: 'decline' })
    await vi.waitFor(() => expect(find('elicitation-panel')?.dataset.server).toBe('second'), { timeout: 20_000 })
    find('elicitation-cancel')!.click()
    await expect(answers[1]).resolves.toEqual({ action: 'cancel' })
    await vi.waitFor(() => expect(find('elicitation-panel')?.dataset.server).toBe('third'), { timeout: 20_000 })
    body().querySelector<HTMLElement>('.el-dialog__headerbtn')!.click()
    await expect(answers[2]).resolves.toEqual({ action: 'cancel' })
  })

  it('closes with a notice when the server stops waiting', async () => {
    const controller = new AbortController()
    const { answers } = await open({ server: 'impatient', signal: controller.signal })
    controller.abort()
    await expect(answers[0]).rejects.toThrow('stopped waiting')
    await vi.waitFor(() => expect(find('elicitation-panel')).toBeNull(), { timeout: 20_000 })
    await vi.waitFor(
      () =>
        expect(body().querySelector('.elicitation-stopped')?.textContent).toContain(
          '"impatient" stopped waiting for your answer',
        ),
      { timeout: 20_000 },
    )
  })

  it('a form whose required field cannot be shown says so and can only be declined or cancelled', async () => {
    const schema = { type: 'object', properties: { where: { type: 'object', properties: {} } }, required: ['where'] }
    const { answers } = await open({ server: 'odd', schema })
    const notices = [...body().querySelectorAll('[data-test="elicitation-notice"]')].map((n) => n.textContent?.trim())
    expect(notices).toEqual([
      'The field "where" was left out: its type ("object") is not one a form asks for.',
      'The required field "where" cannot be shown, so this form can only be declined or cancelled.',
    ])
    expect(find('elicitation-accept')!.hasAttribute('disabled')).toBe(true)
    find('elicitation-decline')!.click()
    await expect(answers[0]).resolves.toEqual({ action: 'decline' })
  })
})
