/**
 * The registered tools as a model is given them. Their schemas type values written as text, and
 * their names tell a known call from an unknown one.
 */
import { computed, type ComputedRef } from 'vue'
import { methodArgumentsSchema, modelFacingMethod, routingName, toolRegistryManager } from '../../core'
import { appRegistryVersion } from '../../registry-version'

/** One method as a model is offered it: its routing name and its arguments' JSON Schema. */
export interface ModelTool {
  name: string
  parameters: unknown
}

/** Every agent-callable method of the app registry, as OpenAI-style definitions. */
export function modelTools(): ModelTool[] {
  return toolRegistryManager.list().flatMap((tool) =>
    tool
      .getMetadata()
      .methods.filter((method) => method.agentCallable === true)
      .map((method) => ({
        name: routingName(tool.id, method.name),
        parameters: method.inputSchema ?? methodArgumentsSchema(modelFacingMethod(method)),
      })),
  )
}

/** {@link modelTools}, computed again whenever tools come or go. */
export function useModelTools(): ComputedRef<ModelTool[]> {
  const registryVersion = appRegistryVersion()
  return computed(() => {
    void registryVersion.value
    return modelTools()
  })
}
