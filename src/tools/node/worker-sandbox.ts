/**
 * The Node sandbox: each run evaluates the code in a fresh QuickJS runtime (a JavaScript engine
 * compiled to WebAssembly) inside a worker thread. The code sees the language built-ins and a
 * recording console, nothing of Node: no process, require, import, timers or file system. QuickJS
 * stops it at its deadline and at its memory limit; the worker is terminated if it does not answer.
 */
import { Worker } from 'node:worker_threads'
import {
  readSandboxReport,
  sandboxLimits,
  SANDBOX_PRELUDE,
  superviseRun,
  withSandboxSlot,
  type SandboxRunner,
} from '../sandbox/runner'

const WORKER_URL = new URL('./quickjs-worker.mjs', import.meta.url)

/**
 * A sandbox runner for Node: each run in a fresh QuickJS runtime in its own worker thread, at most
 * `MAX_CONCURRENT_SANDBOXES` at once. `run` resolves with an outcome (errors, timeouts and aborts included).
 */
export function createNodeSandboxRunner(): SandboxRunner {
  return {
    isolation: 'QuickJS (WebAssembly) in a worker thread',
    run(code, options) {
      return withSandboxSlot(
        options.signal,
        () =>
          superviseRun(options, (settle) => {
            const worker = new Worker(WORKER_URL, {
              workerData: { code, prelude: SANDBOX_PRELUDE, limits: sandboxLimits(options.timeoutMs) },
              env: {},
              stdout: true,
              stderr: true,
              // A second fence: the engine's own limit is far below these.
              resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
            })
            worker.once('message', (report: unknown) => settle(readSandboxReport(report)))
            worker.once('error', (error) =>
              settle({ ok: false, error: `the sandbox crashed: ${error.message}`, logs: [] }),
            )
            worker.once('exit', (exitCode) =>
              settle({ ok: false, error: `the sandbox stopped unexpectedly (exit code ${exitCode})`, logs: [] }),
            )
            return () => void worker.terminate()
          }),
        options.waitTurn,
      )
    },
  }
}
