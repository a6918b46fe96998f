// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, shallowRef } from 'vue'
import { CARD_PAGE, useCardPages } from '../../../src/components/parser/useCardPages'

describe('request cards a page at a time, a few per frame', () => {
  afterEach(() => vi.useRealTimers())

  it('draws the first cards at once and the rest of the page frame by frame; a new list starts at one page', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    const items = shallowRef(Array.from({ length: 120 }, (_, n) => n))
    const scope = effectScope()
    const { visible, shown, showMore } = scope.run(() => useCardPages(() => items.value))!
    expect(visible.value).toHaveLength(4)
    for (let frame = 0; frame < 20; frame++) vi.advanceTimersToNextFrame()
    expect(visible.value).toHaveLength(CARD_PAGE)
    showMore()
    await nextTick()
    for (let frame = 0; frame < 20; frame++) vi.advanceTimersToNextFrame()
    expect(visible.value).toHaveLength(100)
    items.value = [...items.value]
    await nextTick()
    expect(shown.value).toBe(CARD_PAGE)
    expect(visible.value).toHaveLength(CARD_PAGE)
    scope.stop()
  })

  it('draws nothing more after its scope is stopped', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    const scope = effectScope()
    const { visible } = scope.run(() => useCardPages(() => Array.from({ length: 40 }, (_, n) => n)))!
    scope.stop()
    for (let frame = 0; frame < 20; frame++) vi.advanceTimersToNextFrame()
    expect(visible.value).toHaveLength(4)
  })
})
