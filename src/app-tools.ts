/**
 * The tools the workbench page starts with: the built-in tools with their browser backends, and,
 * with `?synthetic=N` in the URL, N synthetic methods for trying the UI under load.
 */
import { toolRegistryManager, type ToolRegistryManager } from './core'
import { createBrowserBuiltinTools } from './tools/browser'
import { createSyntheticTools } from './tools/synthetic'

export const MAX_SYNTHETIC_METHODS = 20_000

export function registerAppTools(
  registry: ToolRegistryManager = toolRegistryManager,
  search = globalThis.location?.search ?? '',
): () => void {
  const removers = createBrowserBuiltinTools().map((tool) => registry.register(tool))
  const synthetic = Number(new URLSearchParams(search).get('synthetic') ?? 0)
  if (Number.isInteger(synthetic) && synthetic > 0) {
    for (const tool of createSyntheticTools(Math.min(synthetic, MAX_SYNTHETIC_METHODS)))
      removers.push(registry.register(tool))
  }
  return () => removers.forEach((remove) => remove())
}
