/**
 * The Node sandbox: each run gets a fresh worker thread, and the code runs in a vm context inside
 * it with nothing but the language built-ins (no process, require, import or timers). Only a
 * string crosses back; no function of the host is ever handed to the sandbox, and the worker is
 * terminated at the timeout whatever the code does.
 */
import { Worker } from 'node:worker_threads'
import { readSandboxReport, SANDBOX_PRELUDE, superviseRun, type SandboxRunner } from '../sandbox/runner'

// Runs in the worker thread. It reads the result by evaluating fixed snippets in the context and
// accepts only strings, so nothing the sandbox defines is ever called from outside.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
const context = vm.createContext(Object.create(null), { name: 'vcp-sandbox', codeGeneration: { strings: true, wasm: false } });
vm.runInContext('globalThis.__run = ' + workerData.prelude, context);
context.__code = workerData.code;
let first;
try {
  first = vm.runInContext('(function () { var r = __run(__code); if (typeof r === "string") return r; r.then(function (s) { globalThis.__report = s; }); return undefined; })()', context);
} catch (e) {
  first = JSON.stringify({ ok: false, error: 'the sandbox could not run the code', logs: [] });
}
if (typeof first === 'string') parentPort.postMessage(first);
else {
  const poll = () => {
    let report;
    try { report = vm.runInContext('globalThis.__report', context); } catch (e) { report = undefined; }
    if (typeof report === 'string') parentPort.postMessage(report);
    else setTimeout(poll, 2);
  };
  setImmediate(poll);
}
`

export function createNodeSandboxRunner(): SandboxRunner {
  return {
    isolation: 'a worker thread with a bare vm context',
    run(code, options) {
      return superviseRun(options, (settle) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { code, prelude: SANDBOX_PRELUDE },
          env: {},
          stdout: true,
          stderr: true,
          resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
        })
        worker.once('message', (report: unknown) => settle(readSandboxReport(report)))
        worker.once('error', (error) => settle({ ok: false, error: `the sandbox crashed: ${error.message}`, logs: [] }))
        worker.once('exit', (exitCode) => settle({ ok: false, error: `the sandbox stopped unexpectedly (exit code ${exitCode})`, logs: [] }))
        return () => void worker.terminate()
      })
    },
  }
}
