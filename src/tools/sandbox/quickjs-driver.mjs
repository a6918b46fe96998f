// Runs untrusted JavaScript in QuickJS, a separate JavaScript engine compiled to WebAssembly: the
// code sees only the language built-ins and a recording console, never an object of the host.
// Plain JavaScript (typed in quickjs-driver.d.mts) so that a Node worker thread can load it as it is.
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core'

/** What the code may use: its memory (the engine's own allocator) and its stack, in bytes. */
export const SANDBOX_MEMORY_BYTES = 64 * 1024 * 1024
export const SANDBOX_STACK_BYTES = 1024 * 1024
/**
 * The engine's whole WebAssembly heap, a hard cap under the limit above: the engine's count of
 * its allocations leaves out the allocator's own overhead (many small objects took 375 MB of heap
 * under a 64 MB limit before this cap).
 */
export const SANDBOX_HEAP_BYTES = 128 * 1024 * 1024
const PAGE = 65536

/** Loads one engine on a heap of its own; one per run, so a run's peak is its heap's size. */
export async function loadSandboxEngine(variant) {
  const heap = new WebAssembly.Memory({ initial: 256, maximum: SANDBOX_HEAP_BYTES / PAGE })
  const QuickJS = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: heap }))
  return { QuickJS, heap }
}

/**
 * Evaluates `code` after `prelude` (a script whose value is a `run(code)` function returning a
 * JSON report or a promise of one) and returns the report as a JSON string. QuickJS checks the
 * deadline as it runs, so a loop stops at `timeoutMs`; allocation past `memoryBytes` fails inside
 * the engine. Neither can reach the host.
 */
export function runInQuickJS(engine, prelude, code, limits) {
  const QuickJS = engine.QuickJS
  const deadline = Date.now() + limits.timeoutMs
  let interrupted = false
  const runtime = QuickJS.newRuntime()
  runtime.setMemoryLimit(limits.memoryBytes)
  runtime.setMaxStackSize(limits.stackBytes)
  runtime.setInterruptHandler(function () {
    if (Date.now() < deadline) return false
    interrupted = true
    return true
  })
  const context = runtime.newContext()
  let report
  try {
    report = evaluate(runtime, context, prelude, code)
  } catch (error) {
    report = {
      ok: false,
      error: 'the sandbox failed: ' + (error && error.message ? error.message : String(error)),
      logs: [],
    }
  }
  try {
    context.dispose()
    runtime.dispose()
  } catch {
    // A run stopped half-way may leave objects the engine complains about; the worker ends anyway.
  }
  if (typeof report === 'string') {
    try {
      report = JSON.parse(report)
    } catch {
      report = { ok: false, error: 'the sandbox sent back a report that is not JSON', logs: [] }
    }
  }
  // Out of heap, the engine may fail to build even its "out of memory" error and throw null.
  const heapFull = engine.heap.buffer.byteLength > SANDBOX_HEAP_BYTES - 16 * 1024 * 1024
  return JSON.stringify(classify(report, interrupted, heapFull, limits))
}

function evaluate(runtime, context, prelude, code) {
  const installed = context.evalCode('globalThis.__run = ' + prelude)
  if (installed.error) return failure(context, installed.error)
  installed.value.dispose()
  const source = context.newString(code)
  context.setProp(context.global, '__code', source)
  source.dispose()
  const first = context.evalCode(
    '(function () { var r = __run(__code); if (typeof r === "string") return r; ' +
      'r.then(function (s) { globalThis.__report = s; }); return undefined; })()',
  )
  if (first.error) return failure(context, first.error)
  const value = context.typeof(first.value) === 'string' ? context.getString(first.value) : undefined
  first.value.dispose()
  if (value !== undefined) return value
  // A promise: run its jobs (there are no timers or I/O inside, so jobs are all there is).
  for (;;) {
    const jobs = runtime.executePendingJobs()
    if (jobs.error) return failure(context, jobs.error)
    const handle = context.getProp(context.global, '__report')
    const settled = context.typeof(handle) === 'string' ? context.getString(handle) : undefined
    handle.dispose()
    if (settled !== undefined) return settled
    if (!runtime.hasPendingJob()) {
      return {
        ok: false,
        error: 'the promise never settled (the sandbox has no timers, network or other events to wait for)',
        logs: [],
      }
    }
  }
}

function failure(context, errorHandle) {
  let message
  try {
    const error = context.dump(errorHandle)
    message =
      error && typeof error === 'object' && error.message !== undefined
        ? (error.name ? error.name + ': ' : '') + error.message
        : String(error)
  } catch {
    message = 'Uncaught error'
  }
  errorHandle.dispose()
  return { ok: false, error: message, logs: [] }
}

/** Says which limit stopped a run, in words, and marks a timeout as one. */
function classify(report, interrupted, heapFull, limits) {
  const logs = Array.isArray(report.logs) ? report.logs : []
  if (report.ok === true) return { ok: true, value: report.value, logs }
  if (interrupted) {
    return {
      ok: false,
      timedOut: true,
      error: 'timed out after ' + limits.timeoutMs + ' ms; the sandbox stopped the code',
      logs,
    }
  }
  const error = String(report.error)
  if (/out of memory/i.test(error) || heapFull) {
    return {
      ok: false,
      error:
        'memory limit reached: the code used more than ' +
        Math.round(limits.memoryBytes / 1048576) +
        ' MB; the sandbox stopped it',
      logs,
    }
  }
  if (/stack overflow/i.test(error)) {
    return { ok: false, error: 'stack limit reached (' + Math.round(limits.stackBytes / 1024) + ' KB): ' + error, logs }
  }
  return { ok: false, error, logs }
}
