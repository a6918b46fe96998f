import { describe, expect, it } from 'vitest'
import { createToolDiscoveryService, createToolRegistryManager } from '../src/core'
import { MAX_SYNTHETIC_METHODS, registerAppTools } from '../src/app-tools'

const methodCount = (search: string) => {
  const registry = createToolRegistryManager()
  const remove = registerAppTools(registry, search)
  const count = createToolDiscoveryService({ registry })
    .getDiscoveredMethods(() => true)
    .reduce((n, tool) => n + tool.methods.length, 0)
  remove()
  expect(registry.list()).toEqual([])
  return count
}

describe('the page tools', () => {
  it('registers the built-in tools, and ?synthetic=N adds N methods (capped)', () => {
    const builtin = methodCount('')
    expect(builtin).toBeGreaterThan(10)
    expect(methodCount('?synthetic=5000')).toBe(builtin + 5000)
    expect(methodCount('?synthetic=999999')).toBe(builtin + MAX_SYNTHETIC_METHODS)
    expect(methodCount('?synthetic=lots')).toBe(builtin)
  })
})
