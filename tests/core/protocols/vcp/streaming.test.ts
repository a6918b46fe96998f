import { describe, expect, it } from 'vitest'
import { createStreamParser, parseToolRequests } from '../../../../src/core'
import type { StreamEvent } from '../../../../src/core'
import { block } from './helpers'

function feedAll(text: string, size: number): { events: StreamEvent[][]; chunks: string[] } {
  const parser = createStreamParser()
  const chunks: string[] = []
  const events: StreamEvent[][] = []
  for (let i = 0; i < text.length; i += size) {
    const chunk = text.slice(i, i + size)
    chunks.push(chunk)
    events.push(parser.feed(chunk))
  }
  parser.end()
  return { events, chunks }
}

describe('streaming events', () => {
  const text = `Reading it.\n${block('tool_name:「始」vfs_read「末」,\npath:「始」/notes/a.md「末」')}\nDone.`

  it('announces the block when its start marker is complete, before any field', () => {
    const { events, chunks } = feedAll(text, 4)
    const flat = events.flatMap((e, n) => e.map((event) => ({ event, seen: chunks.slice(0, n + 1).join('') })))
    const open = flat.find((e) => e.event.type === 'block-open')
    expect(open?.seen.includes('<<<[TOOL_REQUEST]>>>')).toBe(true)
    expect(open?.seen.includes('tool_name:「始」vfs_read「末」')).toBe(false)
  })

  it('emits fields as their values close, then the closed request', () => {
    const { events } = feedAll(text, 3)
    const kinds = events.flat().map((e) => (e.type === 'field' ? `field:${e.key}=${e.value}` : e.type))
    expect(kinds).toEqual(['block-open', 'field:tool_name=vfs_read', 'field:path=/notes/a.md', 'block-close'])
    const close = events.flat().find((e) => e.type === 'block-close')
    expect(close?.type === 'block-close' && close.request.toolName).toBe('vfs_read')
  })

  it('reports diagnostics as events too', () => {
    const parser = createStreamParser()
    const events = parser.feed('x <<<[END_TOOL_REQUEST]>>> y')
    expect(events).toMatchObject([{ type: 'diagnostic', diagnostic: { code: 'stray-end-marker' } }])
  })

  it('waits on a marker split across chunks instead of guessing', () => {
    const parser = createStreamParser()
    expect(parser.feed('<<<[TOOL_REQ')).toEqual([])
    expect(parser.feed('UEST]>>')).toEqual([])
    // A fourth '>' could still arrive: the marker is not decided yet.
    expect(parser.feed('>').map((e) => e.type)).toEqual([])
    expect(parser.feed('\n').map((e) => e.type)).toEqual(['block-open'])
  })

  it('end() equals the one-shot parse and can be called twice', () => {
    const parser = createStreamParser()
    for (const ch of text) parser.feed(ch)
    const result = parser.end()
    expect(result).toEqual(parseToolRequests(text))
    expect(parser.end()).toBe(result)
  })

  it('refuses more text after end()', () => {
    const parser = createStreamParser()
    parser.end()
    expect(parser.feed('more')).toMatchObject([{ type: 'diagnostic', diagnostic: { code: 'parser-failure' } }])
  })

  it.each([
    ['a fence run', '~'],
    ['a run of "<"', '<'],
    ['a backtick run', '`'],
  ])('reads %s that spans thousands of chunks, then announces the next block at once', (_name, ch) => {
    const text = `> ${ch.repeat(50_000)}\n${block('tool_name:「始」t「末」')}\nafter`
    const { events, chunks } = feedAll(text, 16)
    const opened = events.findIndex((e) => e.some((event) => event.type === 'block-open'))
    // The block opens with the chunk that completes its start marker, not later.
    expect(chunks.slice(0, opened + 1).join('')).toContain('<<<[TOOL_REQUEST]>>>')
    expect(chunks.slice(0, opened).join('')).not.toMatch(/<<<\[TOOL_REQUEST\]>>>\s/)
    const parser = createStreamParser()
    for (const chunk of chunks) parser.feed(chunk)
    expect(parser.end()).toEqual(parseToolRequests(text))
  })

  it('handles a long value fed in tiny pieces', () => {
    const value = 'x'.repeat(50_000)
    const big = block(`tool_name:「始」t「末」,\ndata:「始」${value}「末」`)
    const parser = createStreamParser()
    for (let i = 0; i < big.length; i += 16) parser.feed(big.slice(i, i + 16))
    expect(parser.end().requests[0]?.args.data).toBe(value)
  })
})
