// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { toolRegistryManager } from '../../src/core'
import { createSyntheticTools } from '../../src/tools/synthetic'
import { highlight, useDiscoveryStore } from '../../src/stores/discovery'
import { useFreshApp } from '../helpers-ui'

describe('discovery store', () => {
  useFreshApp()

  it('searches tool names, ids, method names, descriptions and parameter names', () => {
    const store = useDiscoveryStore()
    const found = (query: string) => {
      store.state.query = query
      return store.matches.map((m) => `${m.tool.id}:${m.methods.map((x) => x.method.name).join(',')}`)
    }
    expect(found('base64')).toEqual(['text:base64Encode,base64Decode'])
    expect(found('timezone')).toEqual(['datetime:now,convert'])
    expect(found('calculator')).toEqual(['calc:evaluate'])
    expect(found('fs recursive')).toEqual(['fs:delete'])
    expect(found('zzz')).toEqual([])
    // limit is searched only where a method declares it, but shown on every method, as in the prompt.
    expect(found('limit')).toEqual([])
    store.state.query = ''
    expect(
      store.matches.every((m) => m.methods.every((x) => x.method.parameters.some((p) => p.name === 'limit'))),
    ).toBe(true)
  })

  it('sorts and filters', () => {
    const store = useDiscoveryStore()
    expect(store.matches.map((m) => m.tool.id)).toEqual(['calc', 'datetime', 'js', 'text', 'vars', 'fs'])
    store.state.sort = 'methods'
    expect(store.matches.map((m) => m.tool.id)).toEqual(['fs', 'text', 'datetime', 'vars', 'calc', 'js'])
    store.state.agentOnly = true
    expect(store.matches.find((m) => m.tool.id === 'fs')?.methods.map((m) => m.method.name)).toEqual([
      'tree',
      'read',
      'write',
      'delete',
    ])
    store.state.requiredOnly = true
    expect(store.matches.find((m) => m.tool.id === 'fs')?.methods.map((m) => m.method.name)).toEqual([
      'read',
      'write',
      'delete',
    ])
    store.state.toolId = 'text'
    expect(store.matches.map((m) => m.tool.id)).toEqual(['text'])
  })

  it('sorts names naturally: "service 35" before "service 347" (it put 347 first)', () => {
    const store = useDiscoveryStore()
    const tool = (id: string, name: string) => ({
      id,
      name,
      getMetadata: () => ({ methods: [{ name: 'run', description: 'Runs.', parameters: [], agentCallable: true }] }),
      run: () => '',
    })
    const removers = [tool('s347', 'Service 347'), tool('s35', 'Service 35'), tool('s4', 'Service 4')].map((t) =>
      toolRegistryManager.register(t),
    )
    try {
      store.state.query = 'service'
      expect(store.matches.map((m) => m.tool.name)).toEqual(['Service 4', 'Service 35', 'Service 347'])
    } finally {
      removers.forEach((remove) => remove())
      store.state.query = ''
    }
  })

  it('follows the registry and handles 5,000 methods', () => {
    const store = useDiscoveryStore()
    const removers = createSyntheticTools(5000).map((tool) => toolRegistryManager.register(tool))
    expect(store.methodCount).toBe(5000 + 22)
    store.state.query = 'invoice get'
    expect(store.matches.length).toBeGreaterThan(0)
    expect(
      store.matches.every((m) =>
        m.methods.every((x) => x.haystack.includes('get') || m.tool.name.toLowerCase().includes('get')),
      ),
    ).toBe(true)
    removers.forEach((remove) => remove())
    store.state.query = ''
    expect(store.methodCount).toBe(22)
  })

  it('keeps the card of a server without tools (its prompts and resources live there) until a filter asks for methods', () => {
    const store = useDiscoveryStore()
    const remove = toolRegistryManager.register({
      id: 'notes',
      name: 'notes',
      description: 'Tools of the MCP server "notes".',
      origin: 'mcp',
      getMetadata: () => ({ methods: [] }),
      callMethod: () => 'never',
    })
    const ids = () => store.matches.map((m) => m.tool.id)
    expect(ids()).toContain('notes')
    expect(store.matches.find((m) => m.tool.id === 'notes')).toMatchObject({ methods: [], total: 0 })
    store.state.query = 'notes'
    expect(ids()).toEqual(['notes'])
    store.state.query = 'base64'
    expect(ids()).not.toContain('notes')
    store.state.query = ''
    store.state.agentOnly = true
    expect(ids()).not.toContain('notes')
    store.state.agentOnly = false
    remove()
  })

  it('highlights every term, case-insensitively', () => {
    expect(highlight('Base64 encode base64', ['base64'])).toEqual([
      { text: 'Base64', match: true },
      { text: ' encode ', match: false },
      { text: 'base64', match: true },
    ])
    expect(highlight('abc', [])).toEqual([{ text: 'abc', match: false }])
  })
})
