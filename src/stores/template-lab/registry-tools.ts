/**
 * The registry's tools as the chat offers them to a model with native calling: one OpenAI
 * definition per agent-callable method, computed again whenever tools come or go.
 */
import { computed, type ComputedRef } from 'vue'
import {
  createToolDiscoveryService,
  nativeToolDefinitions,
  toolRegistryManager,
  type NativeToolDefinition,
} from '../../core'
import { appRegistryVersion } from '../../registry-version'

export function useRegistryToolDefinitions(): ComputedRef<NativeToolDefinition[]> {
  const discovery = createToolDiscoveryService({ registry: toolRegistryManager })
  const version = appRegistryVersion()
  return computed(() => {
    void version.value
    return nativeToolDefinitions(discovery.getDiscoveredMethods())
  })
}
