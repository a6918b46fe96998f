/**
 * Which methods the Executor offers, and which one the typed routing name picks. Both follow the
 * app registry, so a tool that comes or goes changes them at once.
 */
import { computed, type ComputedRef } from 'vue'
import {
  modelFacingMethod,
  resolveRoute,
  routingName,
  toolRegistryManager,
  type MethodMetadata,
  type RouteTarget,
  type ToolRegistry,
} from '../../core'
import { appRegistryVersion } from '../../registry-version'

/** One entry of the method picker. */
export interface MethodChoice {
  routingName: string
  tool: ToolRegistry
  method: MethodMetadata
}

/** What {@link useMethodTarget} returns. */
export interface MethodTargetReturn {
  /** Every registered method, as the model sees it (`limit` included). */
  methods: ComputedRef<MethodChoice[]>
  /** The chosen method, resolved as a model's call would be; null when nothing or nothing known is chosen. */
  target: ComputedRef<RouteTarget | null>
  /** Why a typed name picks no method (with the closest names), or null. */
  targetError: ComputedRef<string | null>
}

/** The method list and the method `name` (a getter of the typed routing name) resolves to. */
export function useMethodTarget(name: () => string): MethodTargetReturn {
  const registryVersion = appRegistryVersion()

  const methods = computed<MethodChoice[]>(() => {
    void registryVersion.value
    // As the model sees them: the form and the schema show what a call may say.
    return toolRegistryManager.list().flatMap((tool) =>
      tool.getMetadata().methods.map((method) => ({
        routingName: routingName(tool.id, method.name),
        tool,
        method: modelFacingMethod(method),
      })),
    )
  })

  const target = computed<RouteTarget | null>(() => {
    void registryVersion.value
    const typed = name().trim()
    if (typed === '') return null
    const route = resolveRoute(toolRegistryManager, typed, undefined)
    return route.ok ? { ...route.target, method: modelFacingMethod(route.target.method) } : null
  })

  const targetError = computed(() => {
    const typed = name().trim()
    if (typed === '' || target.value) return null
    const route = resolveRoute(toolRegistryManager, typed, undefined)
    return route.ok ? null : route.message
  })

  return { methods, target, targetError }
}
