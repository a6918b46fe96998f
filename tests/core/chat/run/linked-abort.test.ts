import { describe, expect, it } from 'vitest'
import { linkedAbort } from '../../../../src/core/chat/run/linked-abort'

describe('linkedAbort', () => {
  it("aborts with the caller's signal, with its reason", () => {
    const outer = new AbortController()
    const run = linkedAbort(outer.signal)
    outer.abort('closed')
    expect(run.signal.aborted).toBe(true)
    expect(run.signal.reason).toBe('closed')
  })

  it("starts aborted when the caller's signal already is", () => {
    const outer = new AbortController()
    outer.abort('early')
    expect(linkedAbort(outer.signal).signal.reason).toBe('early')
  })

  it("aborting the run leaves the caller's signal alone", () => {
    const outer = new AbortController()
    const run = linkedAbort(outer.signal)
    run.abort(new Error('stopped'))
    expect(run.signal.aborted).toBe(true)
    expect(outer.signal.aborted).toBe(false)
  })

  it("after release, the caller's signal no longer reaches the run", () => {
    const outer = new AbortController()
    const run = linkedAbort(outer.signal)
    run.release()
    outer.abort()
    expect(run.signal.aborted).toBe(false)
  })

  it('works without a caller signal', () => {
    const run = linkedAbort()
    run.release()
    run.abort()
    expect(run.signal.aborted).toBe(true)
  })
})
