import { describe, expect, it, vi } from 'vitest'
import { createAbortableRuns } from '../../src/composables/abortable-runs'

/** A task that waits until its signal aborts, then resolves with the abort's reason. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }))

describe('abortable runs', () => {
  it('is running from the call until the last run settles', async () => {
    const runs = createAbortableRuns()
    let finish: (value: string) => void = () => undefined
    const first = runs.run(() => new Promise<string>((resolve) => (finish = resolve)))
    const second = runs.run(async () => 'quick')
    expect(runs.running.value).toBe(true)
    expect(await second).toBe('quick')
    expect(runs.running.value).toBe(true)
    finish('slow')
    expect(await first).toBe('slow')
    expect(runs.running.value).toBe(false)
  })

  it('abort() aborts every run going with an AbortError of its reason, and no later one', async () => {
    const runs = createAbortableRuns()
    const a = runs.run(untilAborted)
    const b = runs.run(untilAborted)
    runs.abort('stop now')
    for (const reason of await Promise.all([a, b])) {
      expect(reason).toBeInstanceOf(DOMException)
      expect(reason).toMatchObject({ name: 'AbortError', message: 'stop now' })
    }
    let signal: AbortSignal | undefined
    await runs.run(async (s) => void (signal = s))
    expect(signal?.aborted).toBe(false)
  })

  it('a run settling with an error still leaves the count right', async () => {
    const runs = createAbortableRuns()
    await expect(runs.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(runs.running.value).toBe(false)
  })

  it("the run's own signal aborts just that run, also when it was aborted before the run", async () => {
    const runs = createAbortableRuns()
    const outer = new AbortController()
    const other = runs.run(untilAborted)
    const own = runs.run(untilAborted, outer.signal)
    outer.abort('mine')
    expect(await own).toBe('mine')
    expect(runs.running.value).toBe(true)
    runs.abort('the rest')
    await other

    const already = new AbortController()
    already.abort('before')
    expect(await runs.run(untilAbortedOrNow, already.signal)).toBe('before')
  })

  it("stops listening to the run's own signal once the run settles", async () => {
    const runs = createAbortableRuns()
    const outer = new AbortController()
    const removed = vi.spyOn(outer.signal, 'removeEventListener')
    await runs.run(async () => 'done', outer.signal)
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function))
  })
})

/** Resolves with the reason at once when the signal is already aborted. */
function untilAbortedOrNow(signal: AbortSignal): Promise<unknown> {
  return signal.aborted ? Promise.resolve(signal.reason) : untilAborted(signal)
}
