import { describe, expect, it } from 'vitest'
import { ChatRequestError, type ChatErrorKind } from '../../../src/core/chat/errors'
import { isRetryable, MAX_BACKOFF_MS, retrying, runPool, type RetryOptions } from '../../../src/core/eval/live-pool'

/** A promise with its resolve at hand, so a test decides when work finishes. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {}
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('runPool', () => {
  it('keeps at most `limit` items in flight and starts them in order', async () => {
    const started: number[] = []
    const gates = new Map<number, ReturnType<typeof gate>>()
    let inFlight = 0
    let maxInFlight = 0
    const run = runPool([0, 1, 2, 3, 4, 5, 6], 3, undefined, async (item) => {
      started.push(item)
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      const g = gate()
      gates.set(item, g)
      await g.promise
      inFlight--
    })
    await settle()
    expect(started).toEqual([0, 1, 2])
    gates.get(1)?.open()
    await settle()
    expect(started).toEqual([0, 1, 2, 3])
    for (let i = 0; i < 7; i++) {
      gates.get(i)?.open()
      await settle()
    }
    for (const g of gates.values()) g.open()
    await expect(run).resolves.toBe(true)
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(maxInFlight).toBe(3)
  })

  it('runs one at a time with limit 1, and never more workers than items', async () => {
    const order: string[] = []
    let inFlight = 0
    let maxInFlight = 0
    const work = async (item: string) => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await settle()
      order.push(item)
      inFlight--
    }
    await expect(runPool(['a', 'b', 'c'], 1, undefined, work)).resolves.toBe(true)
    expect(order).toEqual(['a', 'b', 'c'])
    expect(maxInFlight).toBe(1)
    maxInFlight = 0
    await expect(runPool(['x', 'y'], 10, undefined, work)).resolves.toBe(true)
    expect(maxInFlight).toBe(2)
  })

  it('resolves true at once for no items', async () => {
    let calls = 0
    await expect(runPool([], 4, undefined, async () => void calls++)).resolves.toBe(true)
    expect(calls).toBe(0)
  })

  it('still does the work when the limit is not a number (as a cleared number field gives)', async () => {
    const done: number[] = []
    await expect(runPool([1, 2, 3], Number.NaN, undefined, async (n) => void done.push(n))).resolves.toBe(true)
    expect(done).toEqual([1, 2, 3])
    done.length = 0
    await expect(runPool([1, 2], 0, undefined, async (n) => void done.push(n))).resolves.toBe(true)
    expect(done).toEqual([1, 2])
  })

  it('stops starting items once the signal is aborted and resolves false', async () => {
    const controller = new AbortController()
    const started: number[] = []
    const finished = await runPool([1, 2, 3, 4, 5], 2, controller.signal, async (item) => {
      started.push(item)
      if (item === 2) controller.abort()
      await settle()
    })
    expect(finished).toBe(false)
    expect(started).toEqual([1, 2])
  })

  it('starts nothing when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    let calls = 0
    await expect(runPool([1, 2], 2, controller.signal, async () => void calls++)).resolves.toBe(false)
    expect(calls).toBe(0)
  })

  it('rejects when the work throws', async () => {
    const run = runPool([1, 2], 1, undefined, async (item) => {
      if (item === 2) throw new Error('the writer failed')
    })
    await expect(run).rejects.toThrow('the writer failed')
  })
})

describe('isRetryable', () => {
  const error = (kind: ChatErrorKind, status?: number) => new ChatRequestError(kind, 'failed', undefined, status)

  it.each<[ChatErrorKind, boolean]>([
    ['network', true],
    ['stream-broken', true],
    ['no-done', true],
    ['idle', true],
    ['cors', false],
    ['malformed', false],
    ['too-large', false],
    ['aborted', false],
  ])('kind %s -> %s', (kind, expected) => {
    expect(isRetryable(error(kind))).toBe(expected)
  })

  it.each<[number | undefined, boolean]>([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [400, false],
    [401, false],
    [404, false],
    [undefined, false],
  ])('http status %s -> %s', (status, expected) => {
    expect(isRetryable(error('http', status))).toBe(expected)
  })

  it('does not retry errors that are not request errors', () => {
    expect(isRetryable(new Error('a bug'))).toBe(false)
    expect(isRetryable('network')).toBe(false)
    expect(isRetryable(undefined)).toBe(false)
  })
})

describe('retrying', () => {
  const busy = () => new ChatRequestError('http', '503 server error', undefined, 503)

  /** Options whose sleep records each pause and returns at once. */
  function recorded(retries: number, backoffMs: number): RetryOptions & { pauses: number[] } {
    const pauses: number[] = []
    return { retries, backoffMs, pauses, sleep: async (ms) => void pauses.push(ms) }
  }

  it('returns the first success, pausing with doubling delays before each retry', async () => {
    const options = recorded(5, 100)
    let attempts = 0
    const value = await retrying(async () => {
      attempts++
      if (attempts < 4) throw busy()
      return 'answer'
    }, options)
    expect(value).toBe('answer')
    expect(attempts).toBe(4)
    expect(options.pauses).toEqual([100, 200, 400])
  })

  it('gives up after `retries` further attempts with the last error', async () => {
    const options = recorded(2, 50)
    let attempts = 0
    const run = retrying(async () => {
      attempts++
      throw new ChatRequestError('network', `refused ${attempts}`)
    }, options)
    await expect(run).rejects.toThrow('refused 3')
    expect(attempts).toBe(3)
    expect(options.pauses).toEqual([50, 100])
  })

  it('does not retry an error that cannot succeed again', async () => {
    const options = recorded(3, 10)
    let attempts = 0
    const run = retrying(async () => {
      attempts++
      throw new ChatRequestError('http', '401 Unauthorized', undefined, 401)
    }, options)
    await expect(run).rejects.toMatchObject({ kind: 'http', status: 401 })
    expect(attempts).toBe(1)
    expect(options.pauses).toEqual([])
  })

  it('makes one attempt with no retries', async () => {
    const options = recorded(0, 10)
    let attempts = 0
    await expect(
      retrying(async () => {
        attempts++
        throw busy()
      }, options),
    ).rejects.toMatchObject({ status: 503 })
    expect(attempts).toBe(1)
  })

  it('makes one attempt when `retries` is not a number, rather than retrying without end', async () => {
    const options = recorded(Number.NaN, 10)
    let attempts = 0
    const run = retrying(async () => {
      attempts++
      if (attempts > 5) return 'retried without end'
      throw busy()
    }, options)
    await expect(run).rejects.toMatchObject({ status: 503 })
    expect(attempts).toBe(1)
  })

  it('does not retry once the signal is aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const options = recorded(3, 10)
    let attempts = 0
    const run = retrying(
      async () => {
        attempts++
        throw busy()
      },
      options,
      controller.signal,
    )
    await expect(run).rejects.toMatchObject({ status: 503 })
    expect(attempts).toBe(1)
  })

  it('sends no further attempt when the signal is aborted during the pause', async () => {
    const controller = new AbortController()
    let attempts = 0
    const options: RetryOptions = {
      retries: 3,
      backoffMs: 10,
      sleep: async () => controller.abort(),
    }
    const run = retrying(
      async () => {
        attempts++
        throw busy()
      },
      options,
      controller.signal,
    )
    await expect(run).rejects.toMatchObject({ status: 503 })
    expect(attempts).toBe(1)
  })

  it('cuts the default pause short when the signal is aborted', async () => {
    const controller = new AbortController()
    let attempts = 0
    const run = retrying(
      async () => {
        attempts++
        throw busy()
      },
      { retries: 1, backoffMs: 3_600_000 },
      controller.signal,
    )
    await settle()
    expect(attempts).toBe(1)
    controller.abort()
    await expect(run).rejects.toMatchObject({ status: 503 })
    expect(attempts).toBe(1)
  })
})

describe('the backoff cap', () => {
  it('never pauses longer than MAX_BACKOFF_MS, however many retries', async () => {
    const pauses: number[] = []
    const failing = async () => {
      throw new ChatRequestError('network', 'down')
    }
    await expect(
      retrying(failing, { retries: 40, backoffMs: 500, sleep: async (ms) => void pauses.push(ms) }),
    ).rejects.toThrow('down')
    expect(pauses).toHaveLength(40)
    expect(Math.max(...pauses)).toBe(MAX_BACKOFF_MS)
  })
})
