/** The elicitation form composable: defaults per request, problems shown only once Accept was tried, released with its scope. */
import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, shallowRef } from 'vue'
import { readElicitationForm } from '../../../src/core/mcp'
import { useElicitationForm } from '../../../src/stores/mcp/elicitation-form'
import type { PendingElicitation } from '../../../src/stores/mcp/elicitation'

const pendingOf = (id: number, properties: Record<string, unknown>, required: string[] = []): PendingElicitation => ({
  id,
  server: 'asker',
  form: readElicitationForm({ message: 'Hi', requestedSchema: { type: 'object', properties, required } }),
})

const NAME_AND_AGE = pendingOf(
  1,
  { name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 0, default: 30 } },
  ['name'],
)

function inScope<T>(run: () => T): { result: T; stop: () => void } {
  const scope = effectScope()
  const result = scope.run(run) as T
  return { result, stop: () => scope.stop() }
}

describe('the elicitation form', () => {
  it('starts from the defaults and keeps quiet about empty required fields until Accept is tried', () => {
    const { result: form } = inScope(() => useElicitationForm(NAME_AND_AGE))
    expect(form.values.value).toEqual({ name: '', age: '30' })
    expect(form.sendable.value).toBe(false)
    expect(form.fieldErrors.value).toEqual({})
    expect(form.problems.value).toEqual({})
    expect(form.submit()).toEqual({ ok: false, problems: [{ field: 'name', code: 'required' }] })
    expect(form.fieldErrors.value).toEqual({ name: { code: 'required' } })
  })

  it('shows the schema’s problem of a field the form reader accepts, and sends once all is right', () => {
    const { result: form } = inScope(() => useElicitationForm(NAME_AND_AGE))
    form.set('name', 'A')
    form.set('age', '-1')
    form.submit()
    expect(form.problems.value).toEqual({
      name: { field: 'name', code: 'minLength', limit: 2 },
      age: { field: 'age', code: 'minimum', limit: 0 },
    })
    form.set('age', '1.5')
    expect(form.fieldErrors.value).toEqual({ age: { code: 'integer' } })
    expect(form.submit()).toMatchObject({ ok: false })
    form.set('name', 'Ada')
    form.set('age', '36')
    expect(form.submit()).toEqual({ ok: true, content: { name: 'Ada', age: 36 } })
  })

  it('a field named like an Object member ("constructor") is still required, and its error is its own', () => {
    const pending = pendingOf(2, { constructor: { type: 'string' }, toString: { type: 'string' } }, ['constructor'])
    const { result: form } = inScope(() => useElicitationForm(pending))
    expect(form.fieldErrors.value.constructor).toBeUndefined()
    expect(form.submit()).toEqual({ ok: false, problems: [{ field: 'constructor', code: 'required' }] })
    // The form's own reader reports it (shown under the field); the schema check does not repeat it.
    expect(form.fieldErrors.value.constructor).toEqual({ code: 'required' })
    expect(form.fieldErrors.value.toString).toBeUndefined()
    expect(form.problems.value.constructor).toBeUndefined()
    expect(form.problems.value.toString).toBeUndefined()
  })

  it('starts again for the next request, and stops following once its scope is stopped', async () => {
    const pending = shallowRef<PendingElicitation | null>(NAME_AND_AGE)
    const { result: form, stop } = inScope(() => useElicitationForm(pending))
    form.set('name', 'Ada')
    form.submit()
    pending.value = pendingOf(3, { city: { type: 'string', default: 'Paris' } })
    await nextTick()
    expect(form.values.value).toEqual({ city: 'Paris' })
    expect(form.attempted.value).toBe(false)
    stop()
    pending.value = NAME_AND_AGE
    await nextTick()
    expect(form.values.value).toEqual({ city: 'Paris' })
  })
})
