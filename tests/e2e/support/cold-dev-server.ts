/**
 * The dev server as `npm start` first meets it: an empty dependency cache of its own (a temporary
 * folder, so the shared node_modules/.vite is left alone), and a record of what the server said
 * about its dependencies after it reported ready.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createLogger, createServer, type ViteDevServer } from 'vite'

/** A dev server started on an empty dependency cache. */
export interface ColdDevServer {
  server: ViteDevServer
  url: string
  /** What the server logged about dependencies found late and the reloads they cause (none is expected). */
  optimizerNews: string[]
  /** Dependencies first met while serving a module, not found by the scan or optimizeDeps.include. */
  lateDependencies: string[]
  /** Resolves once every dependency met so far has been bundled (the optimizer has nothing pending). */
  settled(): Promise<void>
  /** Stops the server and deletes its cache. */
  close(): Promise<void>
}

/** Starts the workbench's dev server with a fresh, empty cacheDir on a free loopback port from `port` up. */
export async function startColdDevServer(port: number): Promise<ColdDevServer> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'vcp-vite-cache-'))
  const optimizerNews: string[] = []
  const logger = createLogger('error')
  const info = logger.info
  const warn = logger.warn
  // "new dependencies optimized", "optimized dependencies changed. reloading", and the advice that follows.
  const late = /new dependencies|dependencies changed|reloading|optimizeDeps\.include/i
  const record = (message: string) => late.test(message) && optimizerNews.push(message)
  logger.info = (message, options) => (record(message), info(message, options))
  logger.warn = (message, options) => (record(message), warn(message, options))
  const server = await createServer({
    configFile: resolve('vite.config.ts'),
    cacheDir,
    customLogger: logger,
    // No HMR: edits to the checkout while a test runs must not reload its page. The optimizer's
    // reload after a late dependency still reaches the page (through the server's WebSocket).
    server: { host: '127.0.0.1', port, strictPort: false, hmr: false },
  })
  await server.listen()
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('Vite did not report a local URL')
  const optimizer = server.environments.client.depsOptimizer
  if (!optimizer) throw new Error('The dev server has no dependency optimizer')
  const lateDependencies: string[] = []
  const register = optimizer.registerMissingImport
  optimizer.registerMissingImport = (id, resolved) => {
    const { optimized, chunks, discovered } = optimizer.metadata
    if (!optimized[id] && !chunks[id] && !discovered[id]) lateDependencies.push(id)
    return register(id, resolved)
  }
  return {
    server,
    url,
    optimizerNews,
    lateDependencies,
    async settled() {
      await optimizer.scanProcessing
      await Promise.all(Object.values(optimizer.metadata.discovered).map((dep) => dep.processing))
    },
    async close() {
      await server.close()
      await rm(cacheDir, { recursive: true, force: true })
    },
  }
}
