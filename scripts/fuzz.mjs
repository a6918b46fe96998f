// `npm run fuzz`: bundles scripts/fuzz.ts into one module (its worker thread then loads plain
// JavaScript), then runs it with the arguments given. See scripts/fuzz.ts.
import { build } from 'esbuild'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const outfile = resolve('.bench/fuzz.mjs')
mkdirSync('.bench', { recursive: true })
await build({
  entryPoints: ['scripts/fuzz.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'warning',
})
await import(pathToFileURL(outfile).href)
