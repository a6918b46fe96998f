import { describe, expect, it } from 'vitest'
import { createSandboxTool } from '../../../src/tools'
import { createNodeSandboxRunner } from '../../../src/tools/node'
import { caller } from '../helpers'

const call = caller(createSandboxTool(createNodeSandboxRunner()))
const value = async (code: string, extra: Record<string, string> = {}) => {
  const result = await call('js_evaluate', { code, ...extra })
  return result.status === 'success' ? (JSON.parse(result.result) as { value: string; logs: string[] }) : result.result
}

describe('js sandbox (QuickJS in a worker thread)', () => {
  it('returns the last expression and the console', async () => {
    expect(
      await value('const xs = [3, 1, 2];\nconsole.log("n", xs.length, {a: 1});\nxs.sort((a, b) => a - b)'),
    ).toEqual({ value: '[1,2,3]', logs: ['n 3 {"a":1}'] })
    expect(await value('Promise.resolve(21).then(x => x * 2)')).toEqual({ value: '42', logs: [] })
    expect(await value('undefined')).toEqual({ value: 'undefined', logs: [] })
  })

  it('cannot reach the document, process, require, imports or the file system', async () => {
    expect(await value('typeof globalThis.document')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('typeof process')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('typeof require')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('this.constructor.constructor("return typeof process")()')).toEqual({
      value: 'undefined',
      logs: [],
    })
    expect(await value('console.log.constructor("return typeof process")()')).toEqual({ value: 'undefined', logs: [] })
    const imported = await value('import("node:fs").then(fs => fs.readFileSync("/etc/hostname", "utf8"))')
    expect(imported).toMatch(/^"js_evaluate" failed: (TypeError|Error): /)
  })

  it('reports thrown errors and syntax errors with the console so far', async () => {
    expect(await value('console.log("before"); throw new RangeError("too far")')).toBe(
      '"js_evaluate" failed: RangeError: too far\nConsole before the failure:\nbefore',
    )
    expect(await value('let = ;')).toMatch(/^"js_evaluate" failed: SyntaxError: /)
    expect(await value('Promise.reject(new Error("later"))')).toBe('"js_evaluate" failed: Error: later')
  })

  it('stops an endless loop at its timeout, with status timeout (it was error)', async () => {
    expect(await call('js_evaluate', { code: 'while (true) {}', timeoutMs: '200' })).toMatchObject({
      status: 'timeout',
      result: '"js_evaluate" timed out: timed out after 200 ms; the sandbox stopped the code',
    })
    expect(
      await value('Promise.resolve().then(function loop() { return Promise.resolve().then(loop) })', {
        timeoutMs: '200',
      }),
    ).toMatch(/timed out after 200 ms/)
  })

  it('says at once that a promise with nothing to wait for never settles', async () => {
    expect(await value('new Promise(() => {})', { timeoutMs: '5000' })).toBe(
      '"js_evaluate" failed: the promise never settled (the sandbox has no timers, network or other events to wait for)',
    )
  })

  it('the executor timeout and run abort terminate it too', async () => {
    const timedOut = await call('js_evaluate', { code: 'while (true) {}' }, { timeout: 150 })
    expect(timedOut).toMatchObject({
      status: 'timeout',
      result: '"js_evaluate" timed out after 150 ms; the call was aborted.',
    })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    expect(await call('js_evaluate', { code: 'while (true) {}' }, { signal: controller.signal })).toMatchObject({
      status: 'aborted',
    })
  })
})

/** Escape routes that reached the host's process through the old vm context, and what else an attacker tries. */
const ESCAPES = [
  'import("x").catch(e => e.constructor.constructor("return process")())',
  'import("x").catch(e => e.constructor.constructor("return process")().getBuiltinModule("child_process").execSync("id").toString())',
  'new Error().constructor.constructor("return this")().process',
  '(() => { try { null.x } catch (e) { return e.constructor.constructor("return this")().process } })()',
  'Error.prepareStackTrace = (e, frames) => frames.map(f => f.getThis && f.getThis()); new Error().stack',
  'Object.getPrototypeOf(async function () {}).constructor("return process")()',
  'typeof globalThis.process + typeof require + typeof module + typeof Buffer + typeof setTimeout + typeof WebAssembly',
  'import("node:child_process").then(m => m.execSync("id").toString())',
  'import("data:text/javascript,export default globalThis.process").then(m => typeof m.default)',
]

describe('js sandbox: escape routes (each once reached, or could reach, the host)', () => {
  it.each(ESCAPES)('%s', async (code) => {
    const result = await call('js_evaluate', { code, timeoutMs: '3000' })
    // Whatever each route yields, it is no object of Node's: no process, no module, no command output.
    expect(result.result).not.toMatch(/uid=|"pid"|versions|getBuiltinModule|\[object process\]|node:internal/)
    // Any value it yields is plain data: undefined, a string, or the engine's own stack text.
    if (result.status === 'success')
      expect(JSON.parse(result.result).value).toMatch(/^((undefined)+|"[^"]*"|\s+at <eval>[^]*)$/)
  })

  it('no host global is visible', async () => {
    expect(await value('typeof globalThis.process + typeof require + typeof setTimeout + typeof fetch')).toEqual({
      value: 'undefinedundefinedundefinedundefined',
      logs: [],
    })
  })
})

describe('js sandbox: bombs end that call only', () => {
  const BOMBS = [
    'new Array(1e9).fill(0)',
    'Array.from({ length: 1e8 })',
    '[...Array(3e7)]',
    'new ArrayBuffer(1.5e9)',
    'const m = new Map(); for (let i = 0; ; i++) m.set(i, [i, i, i, i])',
    '"x".repeat(2 ** 29)',
  ]

  it.each(BOMBS)(
    '%s: error "memory limit reached", the host lives on',
    async (code) => {
      const result = await call('js_evaluate', { code, timeoutMs: '15000' })
      expect(result.status).toBe('error')
      expect(result.result).toMatch(/memory limit reached|Invalid (array|string) length|RangeError/)
    },
    30_000,
  )

  it('the other calls of the same reply complete (vcp exec died with the whole process)', async () => {
    const { executeToolRequests, createToolRegistryManager, directRequest } = await import('../../../src/core')
    const registry = createToolRegistryManager()
    registry.register(createSandboxTool(createNodeSandboxRunner()))
    const requests = [
      directRequest('js_evaluate', { code: 'new Array(1e9).fill(0)', timeoutMs: 15000 }, 'bomb'),
      ...Array.from({ length: 8 }, (_, k) => directRequest('js_evaluate', { code: `${k} * 2` }, `ok-${k}`)),
    ]
    const results = await executeToolRequests(requests, { registry, parallel: true })
    expect(results[0]).toMatchObject({ requestId: 'bomb', status: 'error' })
    expect(results.slice(1).map((r) => [r.status, JSON.parse(r.result).value])).toEqual(
      Array.from({ length: 8 }, (_, k) => ['success', String(k * 2)]),
    )
  }, 60_000)
})
