import { describe, expect, it } from 'vitest'
import {
  MAX_CONCURRENT_SANDBOXES,
  readSandboxReport,
  superviseRun,
  withSandboxSlot,
  type SandboxOutcome,
} from '../../../src/tools/sandbox/runner'

describe('superviseRun', () => {
  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    let started = false
    const outcome = await superviseRun(
      { timeoutMs: 1000, signal: controller.signal },
      () => ((started = true), () => {}),
    )
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
    expect(outcome).toEqual({
      ok: false,
      timedOut: true,
      error: 'timed out after 20 ms; the sandbox was terminated',
      logs: [],
    })
    expect(stopped).toBe(true)
  })
})

describe('readSandboxReport', () => {
  it('trusts only a JSON string report', () => {
    expect(readSandboxReport({ ok: true })).toEqual({
      ok: false,
      error: 'the sandbox sent back something that is not a report',
      logs: [],
    })
    expect(readSandboxReport('nope')).toEqual({
      ok: false,
      error: 'the sandbox sent back a report that is not JSON',
      logs: [],
    })
    expect(readSandboxReport('{"ok":true,"value":"[1]","logs":["a",2]}')).toEqual({
      ok: true,
      value: '[1]',
      logs: ['a', '2'],
    })
  })
})

describe('withSandboxSlot', () => {
  it(`runs at most ${MAX_CONCURRENT_SANDBOXES} at once; the rest wait their turn (100 calls started 100 engines)`, async () => {
    let running = 0
    let peak = 0
    const run = (k: number) =>
      withSandboxSlot(undefined, async (): Promise<SandboxOutcome> => {
        peak = Math.max(peak, ++running)
        await new Promise((resolve) => setTimeout(resolve, 2))
        running--
        return { ok: true, value: String(k), logs: [] }
      })
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, k) => run(k)))
    expect(outcomes.map((o) => (o.ok ? o.value : ''))).toEqual(Array.from({ length: 100 }, (_, k) => String(k)))
    expect(peak).toBe(MAX_CONCURRENT_SANDBOXES)
  })

  it('a freed slot goes to the call that waited, never to a newcomer in between (the cap was briefly 5)', async () => {
    let running = 0
    let peak = 0
    const started: string[] = []
    const release: (() => void)[] = []
    const hold = (name: string) =>
      withSandboxSlot(undefined, () => {
        started.push(name)
        peak = Math.max(peak, ++running)
        return new Promise<SandboxOutcome>((resolve) =>
          release.push(() => (running--, resolve({ ok: true, value: name, logs: [] }))),
        )
      })
    const busy = Array.from({ length: MAX_CONCURRENT_SANDBOXES }, (_, k) => hold(`busy-${k}`))
    const waiter = hold('waiter')
    release[0]!()
    // Newcomers arrive at every step while the freed slot changes hands.
    const newcomers: Promise<SandboxOutcome>[] = []
    for (let k = 0; k < 10; k++) {
      newcomers.push(hold(`new-${k}`))
      await Promise.resolve()
    }
    expect(started.indexOf('waiter')).toBe(MAX_CONCURRENT_SANDBOXES)
    expect(peak).toBe(MAX_CONCURRENT_SANDBOXES)
    // Let every call run and finish; each release frees a slot for the next one.
    const all = Promise.all([...busy, waiter, ...newcomers])
    let done = false
    void all.then(() => (done = true))
    while (!done) {
      for (const go of release.splice(0)) go()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(peak).toBe(MAX_CONCURRENT_SANDBOXES)
  })

  it('a call aborted while it waits never starts', async () => {
    const release: (() => void)[] = []
    const busy = Array.from({ length: MAX_CONCURRENT_SANDBOXES }, () =>
      withSandboxSlot(
        undefined,
        () => new Promise<SandboxOutcome>((resolve) => release.push(() => resolve({ ok: true, value: '', logs: [] }))),
      ),
    )
    const controller = new AbortController()
    let started = false
    const waiting = withSandboxSlot(
      controller.signal,
      async () => ((started = true), { ok: true, value: '', logs: [] }),
    )
    controller.abort()
    expect(await waiting).toEqual({ ok: false, error: 'aborted while waiting for a free sandbox', logs: [] })
    for (const go of release) go()
    await Promise.all(busy)
    expect(started).toBe(false)
  })
})
