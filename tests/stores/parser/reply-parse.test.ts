// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useReplyParse, PARSE_DELAY_MS } from '../../../src/stores/parser/reply-parse'

const call = (expression: string) =>
  `<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "${expression}"}}</tool_call>`

function setup() {
  const state = ref({ text: call('1'), protocol: 'hermes', model: '' })
  const onParsed = vi.fn()
  const save = vi.fn()
  const scope = effectScope()
  const reply = scope.run(() => useReplyParse({ state, hints: () => ({}), plans: () => [], onParsed, save }))!
  return { state, reply, onParsed, save, scope }
}

describe('the reply and its parse', () => {
  afterEach(() => vi.useRealTimers())

  it('reads the saved reply at once, and typing after a pause', async () => {
    vi.useFakeTimers()
    const { reply, onParsed, save, scope } = setup()
    expect(reply.result.value.requests[0]?.args.expression).toBe('1')
    reply.text.value = call('2')
    await nextTick()
    expect(reply.stale.value).toBe(true)
    await vi.advanceTimersByTimeAsync(PARSE_DELAY_MS)
    expect(reply.stale.value).toBe(false)
    expect(reply.result.value.requests[0]?.args.expression).toBe('2')
    expect(onParsed).toHaveBeenCalledTimes(1)
    expect(save).toHaveBeenCalledTimes(1)
    scope.stop()
  })

  it('reads again at once when the protocol changes, and flush reads what is typed', async () => {
    const { state, reply, scope } = setup()
    state.value.protocol = 'vcp'
    await nextTick()
    expect(reply.result.value.requests).toEqual([])
    reply.text.value = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」\n<<<[END_TOOL_REQUEST]>>>'
    reply.flush()
    expect(reply.result.value.requests[0]?.toolName).toBe('calc_evaluate')
    scope.stop()
  })

  it('reads nothing after its scope is stopped', async () => {
    vi.useFakeTimers()
    const { reply, onParsed, scope } = setup()
    reply.text.value = call('3')
    await nextTick()
    scope.stop()
    await vi.runAllTimersAsync()
    expect(onParsed).not.toHaveBeenCalled()
    expect(reply.result.value.requests[0]?.args.expression).toBe('1')
  })
})
