import { describe, expect, it } from 'vitest'
import { createSandboxTool } from '../../../src/tools'
import { createNodeSandboxRunner } from '../../../src/tools/node'
import { caller } from '../helpers'

const call = caller(createSandboxTool(createNodeSandboxRunner()))
const value = async (code: string, extra: Record<string, string> = {}) => {
  const result = await call('js_evaluate', { code, ...extra })
  return result.status === 'success' ? (JSON.parse(result.result) as { value: string; logs: string[] }) : result.result
}

describe('js sandbox (worker_threads + vm)', () => {
  it('returns the last expression and the console', async () => {
    expect(await value('const xs = [3, 1, 2];\nconsole.log("n", xs.length, {a: 1});\nxs.sort((a, b) => a - b)')).toEqual({ value: '[1,2,3]', logs: ['n 3 {"a":1}'] })
    expect(await value('Promise.resolve(21).then(x => x * 2)')).toEqual({ value: '42', logs: [] })
    expect(await value('undefined')).toEqual({ value: 'undefined', logs: [] })
  })

  it('cannot reach the document, process, require, imports or the file system', async () => {
    expect(await value('typeof globalThis.document')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('typeof process')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('typeof require')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('this.constructor.constructor("return typeof process")()')).toEqual({ value: 'undefined', logs: [] })
    expect(await value('console.log.constructor("return typeof process")()')).toEqual({ value: 'undefined', logs: [] })
    const imported = await value('import("node:fs").then(fs => fs.readFileSync("/etc/hostname", "utf8"))')
    expect(imported).toMatch(/^"js_evaluate" failed: (TypeError|Error): /)
  })

  it('reports thrown errors and syntax errors with the console so far', async () => {
    expect(await value('console.log("before"); throw new RangeError("too far")')).toBe('"js_evaluate" failed: RangeError: too far\nConsole before the failure:\nbefore')
    expect(await value('let = ;')).toMatch(/^"js_evaluate" failed: SyntaxError: /)
    expect(await value('Promise.reject(new Error("later"))')).toBe('"js_evaluate" failed: Error: later')
  })

  it('kills an endless loop at its timeout', async () => {
    expect(await value('while (true) {}', { timeoutMs: '200' })).toBe('"js_evaluate" failed: timed out after 200 ms; the sandbox was terminated')
    expect(await value('new Promise(() => {})', { timeoutMs: '200' })).toBe('"js_evaluate" failed: timed out after 200 ms; the sandbox was terminated')
  })

  it('the executor timeout and run abort terminate it too', async () => {
    const timedOut = await call('js_evaluate', { code: 'while (true) {}' }, { timeout: 150 })
    expect(timedOut).toMatchObject({ status: 'timeout', result: '"js_evaluate" timed out after 150 ms; the call was aborted.' })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    expect(await call('js_evaluate', { code: 'while (true) {}' }, { signal: controller.signal })).toMatchObject({ status: 'aborted' })
  })
})
