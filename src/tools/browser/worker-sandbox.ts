/**
 * The browser sandbox: each run evaluates the code in a fresh QuickJS runtime (a JavaScript engine
 * compiled to WebAssembly) inside a fresh Web Worker. The code sees the language built-ins and a
 * recording console, nothing of the browser's. QuickJS stops it at its deadline and its memory
 * limit; the worker is terminated if it does not answer.
 */
import {
  readSandboxReport,
  sandboxLimits,
  SANDBOX_PRELUDE,
  superviseRun,
  withSandboxSlot,
  type SandboxRunner,
} from '../sandbox/runner'

/**
 * A sandbox runner for the browser: each run in a fresh QuickJS runtime in its own Web Worker, at most
 * `MAX_CONCURRENT_SANDBOXES` at once. `run` resolves with an outcome (errors, timeouts and aborts included).
 */
export function createBrowserSandboxRunner(): SandboxRunner {
  return {
    isolation: 'QuickJS (WebAssembly) in a Web Worker',
    run(code, options) {
      return withSandboxSlot(
        options.signal,
        () =>
          superviseRun(options, (settle) => {
            const worker = new Worker(new URL('./quickjs-worker.ts', import.meta.url), { type: 'module' })
            worker.onmessage = (event: MessageEvent<unknown>) => settle(readSandboxReport(event.data))
            worker.onerror = (event) => {
              event.preventDefault()
              settle({ ok: false, error: `the sandbox crashed: ${event.message}`, logs: [] })
            }
            worker.postMessage({ code, prelude: SANDBOX_PRELUDE, limits: sandboxLimits(options.timeoutMs) })
            return () => worker.terminate()
          }),
        options.waitTurn,
      )
    },
  }
}
