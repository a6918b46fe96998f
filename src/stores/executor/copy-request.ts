/**
 * "Copy as request": the current call written in another protocol's request syntax.
 */
import { computed, type ComputedRef, type Ref } from 'vue'
import { convertRequest, stringArguments, type RouteTarget } from '../../core'

/** The call to `target` with `args`, written as a request in the protocol `protocol()` names ('' without a method). */
export function useCopyText(
  target: Readonly<Ref<RouteTarget | null>>,
  args: Readonly<Ref<Record<string, unknown>>>,
  protocol: () => string,
): ComputedRef<string> {
  return computed(() => {
    if (!target.value) return ''
    const current = args.value
    return convertRequest(
      { toolName: target.value.routingName, args: stringArguments(current), arguments: current },
      protocol(),
    ).text
  })
}
