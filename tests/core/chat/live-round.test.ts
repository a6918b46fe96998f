import { describe, expect, it } from 'vitest'
import { createStreamParser, directRequest, parseToolRequests } from '../../../src/core'
import {
  applyNativeCalls,
  applyResult,
  applyStreamEvents,
  liveRequestFor,
  emptyRound,
  roundView,
  segments,
} from '../../../src/core/chat/live-round'

const reply =
  'Before.\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+1「末」\n<<<[END_TOOL_REQUEST]>>>\nAfter.'

describe('live round', () => {
  it('a card opens with the block, gains fields, and settles on close, for any chunking', () => {
    for (const size of [1, 3, 7, 1000]) {
      const round = emptyRound(0, 'tools')
      const parser = createStreamParser('vcp')
      const states: string[] = []
      for (let at = 0; at < reply.length; at += size) {
        round.content = reply.slice(0, at + size)
        applyStreamEvents(round, parser.feed(reply.slice(at, at + size)))
        if (round.cards[0]) states.push(`${round.cards[0].state}:${Object.keys(round.cards[0].args).join(',')}`)
      }
      const [request] = parser.end().requests
      const card = liveRequestFor(round, request!)
      expect(round.cards).toHaveLength(1)
      expect(card).toMatchObject({
        toolName: 'calc_evaluate',
        args: { expression: '1+1' },
        state: 'parsed',
        start: request!.start,
        end: request!.end,
      })
      if (size === 1) expect(states[0]).toBe('streaming:')
    }
  })

  it('blocks inside reasoning get no card', () => {
    const round = emptyRound(0, 'tools')
    const parser = createStreamParser('vcp')
    applyStreamEvents(round, parser.feed(`<think>${reply}</think>`))
    parser.end()
    expect(round.cards).toEqual([])
  })

  it('segments put prose around the card; native cards (no text position) come last', () => {
    const { requests } = parseToolRequests(reply)
    const view = roundView({
      index: 0,
      kind: 'tools',
      content: reply,
      toolCalls: [],
      requests,
      diagnostics: [],
      results: [],
      timings: { modelMs: 0, toolsMs: 0 },
    })
    applyResult(
      view,
      { requestId: 'native-1', toolName: 'text_hash', status: 'success', result: 'x', durationMs: 1 },
      directRequest('text_hash', {}, 'native-1'),
    )
    const parts = segments(view)
    expect(parts.map((p) => (p.type === 'text' ? p.text.trim() : p.card.toolName))).toEqual([
      'Before.',
      'calc_evaluate',
      'After.',
      'text_hash',
    ])
    expect(view.cards[1]?.state).toBe('done')
  })

  it('a block still streaming takes the rest of the text', () => {
    const round = emptyRound(0, 'tools')
    const partial = reply.slice(0, 60)
    round.content = partial
    applyStreamEvents(round, createStreamParser('vcp').feed(partial))
    expect(segments(round).map((p) => p.type)).toEqual(['text', 'card'])
  })

  it('native calls get cards while their deltas stream, and the same card takes the request and result', () => {
    const round = emptyRound(0, 'tools')
    applyNativeCalls(round, [
      { id: 'call_1', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expre' } },
    ])
    expect(round.cards[0]).toMatchObject({ state: 'streaming', toolName: 'calc_evaluate', args: {} })
    // Fields fill in as their text arrives, as a VCP block's do.
    applyNativeCalls(round, [
      { id: 'call_1', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expression": "6 * ' } },
    ])
    expect(round.cards[0]?.args).toEqual({ expression: '6 * ' })
    // Text that is not an object is shown as it came.
    applyNativeCalls(round, [
      { id: 'call_1', type: 'function', function: { name: 'calc_evaluate', arguments: '6 * 7' } },
    ])
    expect(round.cards[0]?.args).toEqual({ arguments: '6 * 7' })
    applyNativeCalls(round, [
      { id: 'call_1', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expression":"1"}' } },
    ])
    const request = directRequest('calc_evaluate', { expression: '1' }, 'call_1')
    applyResult(
      round,
      { requestId: 'call_1', toolName: 'calc_evaluate', status: 'success', result: '1', durationMs: 1 },
      request,
    )
    expect(round.cards).toHaveLength(1)
    expect(round.cards[0]).toMatchObject({ state: 'done', args: { expression: '1' } })
  })
})
