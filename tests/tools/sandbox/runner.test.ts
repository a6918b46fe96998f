import { describe, expect, it } from 'vitest'
import { readSandboxReport, superviseRun } from '../../../src/tools/sandbox/runner'

describe('superviseRun', () => {
  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    let started = false
    const outcome = await superviseRun({ timeoutMs: 1000, signal: controller.signal }, () => ((started = true), () => {}))
    expect(outcome).toEqual({ ok: false, error: 'aborted before the sandbox started', logs: [] })
    expect(started).toBe(false)
  })

  it('stops the run once, even when it settles while starting', async () => {
    let stops = 0
    const outcome = await superviseRun({ timeoutMs: 1000 }, (settle) => {
      settle({ ok: true, value: '1', logs: [] })
      return () => stops++
    })
    expect(outcome).toEqual({ ok: true, value: '1', logs: [] })
    expect(stops).toBe(1)
  })

  it('stops a run that never reports at its timeout', async () => {
    let stopped = false
    const outcome = await superviseRun({ timeoutMs: 20 }, () => () => (stopped = true))
    expect(outcome).toEqual({ ok: false, timedOut: true, error: 'timed out after 20 ms; the sandbox was terminated', logs: [] })
    expect(stopped).toBe(true)
  })
})

describe('readSandboxReport', () => {
  it('trusts only a JSON string report', () => {
    expect(readSandboxReport({ ok: true })).toEqual({ ok: false, error: 'the sandbox sent back something that is not a report', logs: [] })
    expect(readSandboxReport('nope')).toEqual({ ok: false, error: 'the sandbox sent back a report that is not JSON', logs: [] })
    expect(readSandboxReport('{"ok":true,"value":"[1]","logs":["a",2]}')).toEqual({ ok: true, value: '[1]', logs: ['a', '2'] })
  })
})
