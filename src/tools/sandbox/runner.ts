import { SANDBOX_MEMORY_BYTES, SANDBOX_STACK_BYTES, type QuickJSLimits } from './quickjs-driver.mjs'

/** Runs untrusted JavaScript somewhere it cannot reach the page, the app or the file system. */
export interface SandboxRunner {
  /** How it is isolated, for people: "QuickJS (WebAssembly) in a Web Worker". */
  readonly isolation: string
  run(code: string, options: SandboxRunOptions): Promise<SandboxOutcome>
}

export interface SandboxRunOptions {
  timeoutMs: number
  signal?: AbortSignal
  /** Wraps the wait for a free sandbox, so the caller's timeout does not run meanwhile (the executor's `waitTurn`). */
  waitTurn?<T>(turn: Promise<T>): Promise<T>
}

export type SandboxOutcome =
  | { ok: true; value: string; logs: string[] }
  | { ok: false; error: string; logs: string[]; timedOut?: boolean }

/** Sandboxes running at once, per page or process; more calls wait for a free one. */
export const MAX_CONCURRENT_SANDBOXES = 4
/** A worker must load its engine before the code's own deadline starts: this much is allowed for it. */
const STARTUP_GRACE_MS = 2000

export function sandboxLimits(timeoutMs: number): QuickJSLimits {
  return { timeoutMs, memoryBytes: SANDBOX_MEMORY_BYTES, stackBytes: SANDBOX_STACK_BYTES }
}

let running = 0
const waiting: (() => void)[] = []

/**
 * Runs `start` when fewer than MAX_CONCURRENT_SANDBOXES runs are going, so a reply with a hundred
 * sandbox calls cannot start a hundred engines at once. A call aborted while it waits never starts.
 */
export async function withSandboxSlot(
  signal: AbortSignal | undefined,
  start: () => Promise<SandboxOutcome>,
  waitTurn?: SandboxRunOptions['waitTurn'],
): Promise<SandboxOutcome> {
  if (running < MAX_CONCURRENT_SANDBOXES) running++
  else {
    // A freed slot is handed straight to the first waiter (running stays counted), so a call
    // arriving while it changes hands cannot take it as well.
    const waitForSlot = new Promise<boolean>((resolve) => {
      const go = (): void => {
        signal?.removeEventListener('abort', onAbort)
        resolve(true)
      }
      const onAbort = (): void => {
        const at = waiting.indexOf(go)
        if (at !== -1) waiting.splice(at, 1)
        resolve(false)
      }
      waiting.push(go)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
    const turn = await (waitTurn ? waitTurn(waitForSlot) : waitForSlot)
    if (!turn) return { ok: false, error: 'aborted while waiting for a free sandbox', logs: [] }
  }
  try {
    return await start()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/**
 * The code that runs inside the sandbox before the user's: a console that records, and a
 * `run(code)` that evaluates in global scope and reports as one JSON string (awaiting a promise
 * result). Only that string ever leaves the sandbox.
 */
export const SANDBOX_PRELUDE = `(function (global) {
  var logs = [];
  var MAX_LOGS = 500;
  function show(v) {
    if (typeof v === 'string') return v;
    if (v === undefined) return 'undefined';
    if (typeof v === 'function') return '[Function ' + (v.name || 'anonymous') + ']';
    if (typeof v === 'bigint') return v + 'n';
    if (typeof v === 'symbol') return v.toString();
    try { var j = JSON.stringify(v); return j === undefined ? String(v) : j; } catch (e) {
      try { return String(v); } catch (e2) { return '[value that cannot be shown]'; }
    }
  }
  function describe(e) {
    try { return e && e.name ? e.name + ': ' + e.message : 'Uncaught ' + show(e); } catch (e2) { return 'Uncaught error'; }
  }
  function log(level) {
    return function () {
      if (logs.length >= MAX_LOGS) return;
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(show(arguments[i]));
      logs.push((level ? level + ': ' : '') + parts.join(' '));
    };
  }
  global.console = { log: log(''), info: log(''), debug: log(''), warn: log('warn'), error: log('error') };
  function finish(record) { record.logs = logs; return JSON.stringify(record); }
  return function run(code) {
    var value;
    try { value = (0, eval)(code); } catch (e) { return finish({ ok: false, error: describe(e) }); }
    if (value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function') {
      return Promise.resolve(value).then(
        function (v) { return finish({ ok: true, value: show(v) }); },
        function (e) { return finish({ ok: false, error: describe(e) }); });
    }
    return finish({ ok: true, value: show(value) });
  };
})(globalThis)`

/** Reads the JSON string a sandbox sent back; anything else is reported, not trusted. */
export function readSandboxReport(report: unknown): SandboxOutcome {
  if (typeof report !== 'string')
    return { ok: false, error: 'the sandbox sent back something that is not a report', logs: [] }
  try {
    const parsed = JSON.parse(report) as {
      ok?: unknown
      value?: unknown
      error?: unknown
      logs?: unknown
      timedOut?: unknown
    }
    const logs = Array.isArray(parsed.logs) ? parsed.logs.map(String) : []
    if (parsed.ok === true) return { ok: true, value: String(parsed.value), logs }
    return { ok: false, error: String(parsed.error), logs, ...(parsed.timedOut === true ? { timedOut: true } : {}) }
  } catch {
    return { ok: false, error: 'the sandbox sent back a report that is not JSON', logs: [] }
  }
}

/**
 * Supervises one sandbox run: `start` launches it and wires its report and crashes to `settle`,
 * returning how to stop it. The run ends at the first of: a report, a crash, the timeout (plus the
 * engine's start-up allowance; the engine stops the code at the timeout itself), the abort
 * signal; then it is stopped, whatever the code inside is doing.
 */
export function superviseRun(
  options: { timeoutMs: number; signal?: AbortSignal },
  start: (settle: (outcome: SandboxOutcome) => void) => () => void,
): Promise<SandboxOutcome> {
  const { timeoutMs, signal } = options
  return new Promise<SandboxOutcome>((resolve) => {
    if (signal?.aborted) {
      resolve({ ok: false, error: 'aborted before the sandbox started', logs: [] })
      return
    }
    let settled = false
    let stop: () => void = () => {}
    const settle = (outcome: SandboxOutcome): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      stop()
      resolve(outcome)
    }
    const timer = setTimeout(
      () =>
        settle({
          ok: false,
          timedOut: true,
          error: `timed out after ${timeoutMs} ms; the sandbox was terminated`,
          logs: [],
        }),
      timeoutMs + STARTUP_GRACE_MS,
    )
    const onAbort = (): void => settle({ ok: false, error: 'aborted; the sandbox was terminated', logs: [] })
    signal?.addEventListener('abort', onAbort, { once: true })
    stop = start(settle)
    // A run that settled while starting is stopped now that `stop` exists.
    if (settled) stop()
  })
}
