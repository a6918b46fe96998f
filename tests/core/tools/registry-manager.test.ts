import { describe, expect, it } from 'vitest'
import { createToolRegistryManager, type RegistryChange } from '../../../src/core/tools/registry-manager'
import type { ToolRegistry } from '../../../src/core'
import { mathTool } from '../../fixtures/tools'

function tool(id: string, methods: string[] = ['run']): ToolRegistry {
  const t: ToolRegistry = {
    id,
    name: id,
    getMetadata: () => ({
      methods: methods.map((name) => ({ name, description: name, parameters: [], agentCallable: true })),
    }),
  }
  for (const m of methods) t[m] = () => m
  return t
}

describe('tool registry manager', () => {
  it('registers, gets, lists in order, unregisters; every change bumps the version and notifies', () => {
    const registry = createToolRegistryManager()
    const changes: RegistryChange[] = []
    const stop = registry.subscribe((c) => changes.push(c))
    expect(registry.version).toBe(0)
    const remove = registry.register(tool('b'))
    registry.register(tool('a'))
    expect(registry.list().map((t) => t.id)).toEqual(['b', 'a'])
    expect(registry.get('a')?.id).toBe('a')
    remove()
    expect(registry.get('b')).toBeUndefined()
    expect(registry.unregister('b')).toBe(false)
    expect(registry.unregister('a')).toBe(true)
    expect(registry.version).toBe(4)
    registry.touch()
    expect(changes.map((c) => `${c.type}:${c.toolId}@${c.version}`)).toEqual([
      'register:b@1',
      'register:a@2',
      'unregister:b@3',
      'unregister:a@4',
      'touch:@5',
    ])
    stop()
    registry.touch()
    expect(registry.version).toBe(6)
    expect(changes).toHaveLength(5)
  })

  it('rejects what would break routing, with a message that says what', () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    expect(() => registry.register(mathTool())).toThrow(
      'A tool with id "math" is already registered; unregister it first.',
    )
    expect(() => registry.register(tool('bad id'))).toThrow('Tool id "bad id" is not valid')
    expect(() =>
      registry.register({
        ...tool('x'),
        getMetadata: () => ({ methods: [{ name: 'gone', description: '', parameters: [] }] }),
      }),
    ).toThrow('Tool "x" declares method "gone" in its metadata but has no function of that name.')
    registry.register(tool('a_b', ['c']))
    expect(() => registry.register(tool('a', ['b_c']))).toThrow(
      'Routing name "a_b_c" of tool "a" is already used by tool "a_b".',
    )
    registry.unregister('a_b')
    expect(() => registry.register(tool('a', ['b_c']))).not.toThrow()
  })

  it('a stale unregister function does not remove a newer tool with the same id', () => {
    const registry = createToolRegistryManager()
    const remove = registry.register(tool('t'))
    registry.unregister('t')
    const newer = tool('t')
    registry.register(newer)
    remove()
    expect(registry.get('t')).toBe(newer)
  })
})
