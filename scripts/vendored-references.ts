/**
 * Reference renders of the app's vendored chat templates (src/templates/vendored), made by
 * scripts/template-references.py with transformers' environment: each template against each
 * conversation of tests/fixtures/templates/conversations.json, with the conversations' special tokens
 * overridden by the template's own from the catalog, and the variables the catalog gives it. A
 * template byte for byte the same as a fixture source, with no tokens or variables of its own, is
 * already covered by that source's render and gets none here.
 *
 *     npx tsx scripts/vendored-references.ts
 *
 * writes tests/fixtures/templates/vendored-renders/<id>.json (and removes stale ones);
 * tests/core/templates/vendored-agreement.test.ts checks ours against them.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { VENDORED_TEMPLATES } from '../src/templates/catalog'
import { VENDORED_TEMPLATES_DIR } from '../src/templates/node'

const FIXTURES = fileURLToPath(new URL('../tests/fixtures/templates/', import.meta.url))
export const VENDORED_RENDERS_DIR = join(FIXTURES, 'vendored-renders')

export interface VendoredReference {
  id: string
  sha256: string
  specialTokens: Record<string, string>
  variables: Record<string, unknown>
  /** The fixture source with the same bytes whose render covers this template, when it needs none of its own. */
  sameAsFixture?: string
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** For each vendored template: the inputs its reference render uses, or the fixture source that covers it. */
export function vendoredReferencePlan(): VendoredReference[] {
  const spec = JSON.parse(readFileSync(join(FIXTURES, 'conversations.json'), 'utf8')) as {
    special_tokens: Record<string, string>
  }
  const fixtures = new Map<string, string>()
  for (const name of readdirSync(join(FIXTURES, 'sources')).filter((file) => file.endsWith('.jinja')))
    fixtures.set(sha256(readFileSync(join(FIXTURES, 'sources', name))), name)
  return VENDORED_TEMPLATES.map((entry) => {
    const sha = sha256(readFileSync(join(VENDORED_TEMPLATES_DIR, `${entry.id}.jinja`)))
    const own = entry.specialTokens !== undefined || entry.variables !== undefined
    const reference: VendoredReference = {
      id: entry.id,
      sha256: sha,
      specialTokens: { ...spec.special_tokens, ...entry.specialTokens },
      variables: { ...entry.variables },
    }
    const same = fixtures.get(sha)
    if (same !== undefined && !own) reference.sameAsFixture = same
    return reference
  })
}

function main(): void {
  const plan = vendoredReferencePlan().filter((entry) => entry.sameAsFixture === undefined)
  const manifest = plan.map((entry) => ({
    file: `${entry.id}.jinja`,
    special_tokens: entry.specialTokens,
    variables: entry.variables,
  }))
  const work = mkdtempSync(join(tmpdir(), 'vendored-references-'))
  try {
    const manifestPath = join(work, 'manifest.json')
    writeFileSync(manifestPath, JSON.stringify(manifest))
    const script = fileURLToPath(new URL('./template-references.py', import.meta.url))
    execFileSync(
      'python3',
      [script, VENDORED_TEMPLATES_DIR, '--manifest', manifestPath, '--out', VENDORED_RENDERS_DIR],
      { stdio: 'inherit' },
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  const wanted = new Set(plan.map((entry) => `${entry.id}.json`))
  for (const file of readdirSync(VENDORED_RENDERS_DIR)) if (!wanted.has(file)) rmSync(join(VENDORED_RENDERS_DIR, file))
  console.log(`${plan.length} vendored templates rendered; the others are covered by the fixture sources`)
}

if (process.argv[1]?.endsWith('vendored-references.ts')) main()
