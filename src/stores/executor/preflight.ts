/**
 * Before a run: what the executor would do with the current arguments, and why Run is disabled.
 */
import { computed, type ComputedRef, type Ref } from 'vue'
import { directRequest, type CallPlan, type RouteTarget, type ToolSession } from '../../core'
import type { ArgumentsFormReturn } from './arguments-form'
import type { ExecutorState } from './saved-state'
import type { MessageRef } from '../../core'

/** Why Run is disabled: an i18n key and, for some keys, a detail (a field path, a parse message). */
export interface RunBlocker {
  key: string
  detail?: string
  /** `detail` as a core message, to show it in the interface's language. */
  detailRef?: MessageRef
}

/** What {@link usePreflight} returns. */
export interface PreflightReturn {
  /** The plan of the current call (a person calls: any method may run), or null without one. */
  plan: ComputedRef<CallPlan | null>
  /** Why Run is disabled, or null when it may run. */
  blocker: ComputedRef<RunBlocker | null>
}

/** The plan and the blocker of the call that `state`, `target` and `form` describe, planned in `tools`. */
export function usePreflight(
  state: Ref<ExecutorState>,
  target: Readonly<Ref<RouteTarget | null>>,
  form: Pick<ArgumentsFormReturn, 'mode' | 'formReading' | 'jsonReading' | 'currentArguments'>,
  tools: Pick<ToolSession, 'plan'>,
): PreflightReturn {
  const plan = computed<CallPlan | null>(() => {
    if (!target.value) return null
    if (form.mode.value === 'json' && !form.jsonReading.value.ok) return null
    return tools.plan(directRequest(target.value.routingName, form.currentArguments.value, 'preflight'))
  })

  /** What the form or the JSON says is wrong, before the plan is asked. */
  function argumentsBlocker(): RunBlocker | null {
    if (form.mode.value === 'json') {
      const reading = form.jsonReading.value
      if (reading.ok) return null
      return reading.message === 'not-object'
        ? { key: 'executor.blocked.jsonNotObject' }
        : { key: 'executor.blocked.invalidJson', detail: reading.message }
    }
    const [path] = Object.keys(form.formReading.value.errors)
    return path === undefined ? null : { key: 'executor.blocked.field', detail: path }
  }

  const blocker = computed<RunBlocker | null>(() => {
    if (!target.value)
      return {
        key: state.value.routingName.trim() === '' ? 'executor.blocked.noMethod' : 'executor.blocked.unknownMethod',
      }
    const found = argumentsBlocker()
    if (found) return found
    // What the form or the JSON cannot see (an undeclared key, a missing value), the plan does.
    const current = plan.value
    return current?.verdict === 'invalid-arguments'
      ? { key: 'executor.blocked.plan', detail: current.reason, detailRef: current.reasonRef }
      : null
  })

  return { plan, blocker }
}
