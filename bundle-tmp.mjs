import { build } from 'esbuild'
const [entry, out] = process.argv.slice(2)
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' })
