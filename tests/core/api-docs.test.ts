import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as core from '../../src/core'

/** Every name src/core/index.ts exports, values and types, read from its export lists. */
function exportedNames(): string[] {
  const source = readFileSync('src/core/index.ts', 'utf8')
  const names = new Set<string>()
  for (const match of source.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim()
      if (name) names.add(name)
    }
  }
  return [...names].sort()
}

describe('docs/core-api.md', () => {
  const doc = readFileSync('docs/core-api.md', 'utf8')

  it('names every export of the core', () => {
    const missing = exportedNames().filter((name) => !new RegExp(`\\b${name}\\b`).test(doc))
    expect(missing).toEqual([])
  })

  it('the export lists are what the module exports at run time', () => {
    const runtime = Object.keys(core).sort()
    expect(runtime.every((name) => exportedNames().includes(name))).toBe(true)
  })
})
