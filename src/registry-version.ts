/**
 * The app registry's version as a ref, for stores whose computed values list tools: one
 * subscription for the whole app, kept as long as the app runs.
 */
import { ref, type Ref } from 'vue'
import { toolRegistryManager } from './core'

let version: Ref<number> | null = null

export function appRegistryVersion(): Readonly<Ref<number>> {
  if (!version) {
    const current = ref(toolRegistryManager.version)
    toolRegistryManager.subscribe((change) => (current.value = change.version))
    version = current
  }
  return version
}
