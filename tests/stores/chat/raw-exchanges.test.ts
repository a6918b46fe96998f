import { describe, expect, it } from 'vitest'
import { effectScope, watchEffect } from 'vue'
import { useRawExchanges } from '../../../src/stores/chat/raw-exchanges'
import type { RawExchange } from '../../../src/core'

const exchange = (url: string): RawExchange => ({
  request: { method: 'POST', url, headers: {}, body: '{}' },
  events: [],
})

describe('raw exchanges kept for the page', () => {
  it('keeps each round by reply, drops the oldest past the limit, and a view sees new ones', () => {
    const raw = useRawExchanges(3)
    const seen: (string | undefined)[] = []
    const scope = effectScope()
    scope.run(() => watchEffect(() => seen.push(raw.exchangeOf('m2', 1)?.request.url), { flush: 'sync' }))
    raw.keep('m1', 0, exchange('a'))
    raw.keep('m2', 0, exchange('b'))
    raw.keep('m2', 1, exchange('c'))
    expect(raw.exchangeOf('m1', 0)?.request.url).toBe('a')
    raw.keep('m3', 0, exchange('d'))
    expect(raw.exchangeOf('m1', 0)).toBeUndefined()
    expect(raw.exchangeOf('m2', 1)?.request.url).toBe('c')
    expect(seen).toContain('c')
    scope.stop()
  })
})
