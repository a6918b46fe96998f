/**
 * The form of the elicitation shown: its values (defaults prefilled, started again for each
 * request), what the Executor's form reader makes of them, and what the request's schema says is
 * still wrong. Errors about empty required fields wait for the first try to accept.
 */
import { computed, ref, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type Ref } from 'vue'
import { elicitationAnswer, type ElicitationAnswer, type ElicitationProblem } from '../../core/mcp'
import { readForm, toFormValues, type FieldError, type FieldValue, type FormValues } from '../../forms/parameter-form'
import type { PendingElicitation } from './elicitation'

/** What {@link useElicitationForm} returns. */
export interface ElicitationFormReturn {
  /** The field values, by field name. */
  values: Ref<FormValues>
  /** Whether the person tried to accept this request (from then on every problem shows). */
  attempted: Ref<boolean>
  /** The answer the form gives now: the content, or its problems. */
  answer: ComputedRef<ElicitationAnswer>
  /** Whether Accept would send now: no field error, and content the schema allows. */
  sendable: ComputedRef<boolean>
  /** The form reader's errors by field path, for the fields to show. */
  fieldErrors: ComputedRef<Record<string, FieldError>>
  /** The schema's problem of each field the form reader found nothing wrong with, once attempted. */
  problems: ComputedRef<Record<string, ElicitationProblem>>
  /** Sets one field's value. */
  set(name: string, value: FieldValue): void
  /** Marks the form attempted; the answer, `ok` only when nothing is wrong anywhere in the form. */
  submit(): ElicitationAnswer
}

/** The form of `pending` (none while it is null). */
export function useElicitationForm(pending: MaybeRefOrGetter<PendingElicitation | null>): ElicitationFormReturn {
  const values = ref<FormValues>({})
  const attempted = ref(false)
  const form = computed(() => toValue(pending)?.form ?? null)
  watch(
    () => toValue(pending)?.id,
    () => {
      values.value = toFormValues(form.value?.parameters ?? [])
      attempted.value = false
    },
    { immediate: true },
  )
  const reading = computed(() => readForm(form.value?.parameters ?? [], values.value))
  const answer = computed<ElicitationAnswer>(() =>
    form.value ? elicitationAnswer(form.value, reading.value.arguments) : { ok: false, problems: [] },
  )
  // Without a prototype: a field named "constructor" or "toString" must not find Object's own members.
  const fieldErrors = computed(() => {
    const out: Record<string, FieldError> = Object.create(null)
    for (const [path, error] of Object.entries(reading.value.errors))
      if (attempted.value || error.code !== 'required') out[path] = error
    return out
  })
  const problems = computed(() => {
    const out: Record<string, ElicitationProblem> = Object.create(null)
    if (!attempted.value || answer.value.ok) return out
    const errors = reading.value.errors
    for (const problem of answer.value.problems)
      if (!hasOwn(errors, problem.field) && !hasOwn(out, problem.field)) out[problem.field] = problem
    return out
  })

  function set(name: string, value: FieldValue): void {
    values.value = { ...values.value, [name]: value }
  }

  const sendable = computed(() => answer.value.ok && Object.keys(reading.value.errors).length === 0)

  function submit(): ElicitationAnswer {
    attempted.value = true
    if (sendable.value || !answer.value.ok) return answer.value
    // The schema is content, but a field still holds what the reader refused (say "1.2.3" in a number).
    return { ok: false, problems: [] }
  }

  return { values, attempted, answer, sendable, fieldErrors, problems, set, submit }
}

function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key)
}
