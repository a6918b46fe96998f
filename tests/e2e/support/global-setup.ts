/**
 * Browser tests run against the built app, as users get it: one production build, served by
 * `vite preview` on 127.0.0.1 for every test file.
 */
import { resolve } from 'node:path'
import { build, preview, type PreviewServer } from 'vite'
import type { TestProject } from 'vitest/node'

// Its own folder per run when asked (VCP_E2E_DIST), so two runs on one checkout do not share a build.
export const BUILD_DIR = resolve(process.env.VCP_E2E_DIST ?? '.e2e-dist')

let server: PreviewServer | null = null

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: BUILD_DIR, emptyOutDir: true },
  })
  server = await preview({
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: BUILD_DIR },
    preview: { host: '127.0.0.1', port: 4199, strictPort: false },
  })
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('vite preview did not report a local URL')
  project.provide('appUrl', url)
  return async () => {
    await server?.close()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
  }
}
