import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, ref } from 'vue'
import {
  checkParserState,
  defaultParserState,
  MAX_SAVED_CHARS,
  useReplySaver,
} from '../../../src/stores/parser/saved-state'

describe('the parser saved state', () => {
  afterEach(() => vi.useRealTimers())

  it('needs a text and a protocol; a missing model is none', () => {
    expect(checkParserState({ text: 'hi', protocol: 'vcp' })).toEqual({ text: 'hi', protocol: 'vcp', model: '' })
    expect(checkParserState({ text: 'hi' })).toBeNull()
  })

  it('saves the reply a moment after the last request, not a reply too long to keep, and nothing after its scope', () => {
    vi.useFakeTimers()
    const state = ref(defaultParserState())
    let reply = 'first'
    const scope = effectScope()
    const saveSoon = scope.run(() => useReplySaver(state, () => reply))!
    saveSoon()
    reply = 'second'
    vi.advanceTimersByTime(200)
    saveSoon()
    vi.advanceTimersByTime(200)
    expect(state.value.text).not.toBe('second')
    vi.advanceTimersByTime(200)
    expect(state.value.text).toBe('second')
    reply = 'x'.repeat(MAX_SAVED_CHARS + 1)
    saveSoon()
    vi.runAllTimers()
    expect(state.value.text).toBe('second')
    reply = 'third'
    saveSoon()
    scope.stop()
    vi.runAllTimers()
    expect(state.value.text).toBe('second')
  })
})
