/**
 * docs/templates.md against the template lab itself: every finding has its section and no section
 * names a finding that does not exist, the table of vendored templates is the catalog (ids and
 * formats, in its order), and the formats it names exist, so the guide cannot drift from the code.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { listFormats } from '../../src/core'
import { FINDING_IDS } from '../../src/core/templates'
import { VENDORED_TEMPLATES } from '../../src/templates/catalog'

const doc = readFileSync('docs/templates.md', 'utf8')

/** The text of the `## title` section, up to the next `## `. */
function section(title: string): string {
  const text = doc.split(`\n## ${title}\n`)[1]?.split('\n## ')[0]
  if (text === undefined) throw new Error(`docs/templates.md has no section "${title}"`)
  return text
}

/** The rows of the vendored templates' table: the id, and the formats (`none` for no format). */
function tableRows(): { id: string; formats: string[] }[] {
  const rows = section('The vendored templates').matchAll(/^\| `([^`]+)` \| [^|]+ \| ([^|]+) \|/gm)
  return [...rows].map(([, id = '', formats = '']) => ({
    id,
    formats: formats.trim() === 'none' ? [] : [...formats.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string),
  }))
}

describe('docs/templates.md', () => {
  it('gives every finding a section, and no section to a finding that does not exist', () => {
    const headings = [...section('Findings').matchAll(/^### `([a-z-]+)`$/gm)].map((match) => match[1])
    expect(headings).toEqual([...FINDING_IDS])
  })

  it('lists the vendored templates as the catalog has them, with their formats', () => {
    expect(tableRows()).toEqual(VENDORED_TEMPLATES.map(({ id, formats }) => ({ id, formats })))
  })

  it('names only formats that exist', () => {
    const known = new Set(listFormats().map((format) => format.id))
    const named = tableRows().flatMap((row) => row.formats)
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((id) => !known.has(id))).toEqual([])
  })

  it('links only to files that exist', () => {
    const links = [...doc.matchAll(/\]\(((?:\.\.\/)?[\w./-]+\.(?:md|ts))\)/g)].map((match) =>
      (match[1] as string).startsWith('../') ? (match[1] as string).slice(3) : `docs/${match[1]}`,
    )
    expect(links.length).toBeGreaterThan(0)
    expect(links.filter((path) => !existsSync(path))).toEqual([])
  })
})
