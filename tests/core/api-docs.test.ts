import { readFileSync } from 'node:fs'
import ts from 'typescript'
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

/** The package's entries, from package.json: `./dist/types/X.d.ts` is built from `src/X.ts`. */
function packageEntries(): string[] {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> }
  return Object.values(manifest.exports).flatMap((entry) => {
    const types = (entry as { types?: string }).types
    return types ? [types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts')] : []
  })
}

describe('the package entries', () => {
  it('give every export a doc comment', () => {
    const entries = packageEntries()
    const program = ts.createProgram(entries, {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      noEmit: true,
    })
    const checker = program.getTypeChecker()
    const undocumented: string[] = []
    for (const entry of entries) {
      const module = checker.getSymbolAtLocation(program.getSourceFile(entry) as ts.SourceFile) as ts.Symbol
      for (const exported of checker.getExportsOfModule(module)) {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
        if (!ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim())
          undocumented.push(`${entry}: ${exported.name}`)
      }
    }
    expect(entries.length).toBeGreaterThan(4)
    expect(undocumented).toEqual([])
  }, 60_000)
})
