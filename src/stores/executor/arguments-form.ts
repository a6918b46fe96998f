/**
 * The arguments of the next run, written in a form built from the method's parameters or as JSON
 * text. Both live in the saved state; switching modes carries the values across.
 */
import { computed, type ComputedRef, type Ref } from 'vue'
import type { MethodParameter, RouteTarget } from '../../core'
import { formToJson, readForm, readJsonArguments, toFormValues, type ReadForm } from '../../forms/parameter-form'
import type { ExecutorMode, ExecutorState } from './saved-state'

/** What {@link useArgumentsForm} returns. */
export interface ArgumentsFormReturn {
  /** The chosen method's parameters (none without a method). */
  parameters: ComputedRef<MethodParameter[]>
  /** The mode in use: JSON for a method whose schema was too large to draw as a form, else the chosen one. */
  mode: ComputedRef<ExecutorMode>
  /** The form read against the parameters: the arguments it gives, and each field's error. */
  formReading: ComputedRef<ReadForm>
  /** The JSON text read as an arguments object, or why it is not one. */
  jsonReading: ComputedRef<ReturnType<typeof readJsonArguments>>
  /** The arguments a run would send now ({} while the JSON cannot be read). */
  currentArguments: ComputedRef<Record<string, unknown>>
  /** Chooses a method by routing name and fills the form and the JSON from `args` (or the defaults). */
  choose(name: string, args?: Record<string, unknown>): void
  /** Switches modes keeping the values; JSON that is not an object keeps JSON mode and returns false. */
  setMode(mode: ExecutorMode): boolean
}

/** The form and JSON of `state`, typed by the parameters of `target`. */
export function useArgumentsForm(
  state: Ref<ExecutorState>,
  target: Readonly<Ref<RouteTarget | null>>,
): ArgumentsFormReturn {
  const parameters = computed(() => target.value?.method.parameters ?? [])
  // A form of the parameters that fit would drop the others' arguments: such a method is written as JSON.
  const drawsForm = (): boolean => target.value?.method.schemaCut === undefined
  const mode = computed<ExecutorMode>(() => (drawsForm() ? state.value.mode : 'json'))
  const formReading = computed(() => readForm(parameters.value, state.value.values))
  const jsonReading = computed(() => readJsonArguments(state.value.json))

  const currentArguments = computed<Record<string, unknown>>(() => {
    if (mode.value === 'json') {
      const reading = jsonReading.value
      return reading.ok ? reading.arguments : {}
    }
    return formReading.value.arguments
  })

  function choose(name: string, args?: Record<string, unknown>): void {
    state.value.routingName = name
    const params = target.value?.method.parameters ?? []
    state.value.values = toFormValues(params, args)
    state.value.json = drawsForm() ? formToJson(params, state.value.values) : JSON.stringify(args ?? {}, null, 2)
  }

  function setMode(mode: ExecutorMode): boolean {
    if (mode === state.value.mode) return true
    if (!drawsForm()) return mode === 'json'
    if (mode === 'json') {
      state.value.json = formToJson(parameters.value, state.value.values)
    } else {
      const reading = jsonReading.value
      if (!reading.ok) return false
      state.value.values = toFormValues(parameters.value, reading.arguments)
    }
    state.value.mode = mode
    return true
  }

  return { parameters, mode, formReading, jsonReading, currentArguments, choose, setMode }
}
