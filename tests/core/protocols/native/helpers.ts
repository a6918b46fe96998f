/** Shared checks for the native formats' tests. */
import { expect } from 'vitest'
import { createStreamParser, parseToolRequests } from '../../../../src/core/parser'
import type { ParseOptions } from '../../../../src/core/protocols/protocol'
import type { ParsedRequest, ParseResult } from '../../../../src/core/types'
import type { NativeFormat } from '../../../../src/core/protocols/native/format'

export type Hints = Pick<ParseOptions, 'model' | 'tools' | 'reasoning'>

export function parse(format: string, text: string, hints: Hints = {}): ParseResult {
  return parseToolRequests(text, format, hints)
}

/** The calls as name + typed arguments, the way a test states what it expects. */
export function calls(result: ParseResult): { name: string; arguments: unknown }[] {
  return result.requests.map((r) => ({ name: r.toolName, arguments: r.arguments }))
}

/** Codes of the diagnostics, errors and warnings only (not auto's info line). */
export function codes(result: ParseResult): string[] {
  return result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)
}

/** Streams the text in chunks of every given size and checks end() equals the one-shot parse. */
export function expectStreamingEqualsOneShot(
  format: string,
  text: string,
  hints: Hints = {},
  sizes = [1, 2, 3, 5, 16, 64, 1 << 20],
): void {
  const oneShot = parseToolRequests(text, format, hints)
  for (const size of sizes) {
    const parser = createStreamParser(format, hints)
    for (let i = 0; i < text.length; i += size) parser.feed(text.slice(i, i + size))
    expect(parser.end(), `chunks of ${size}`).toEqual(oneShot)
  }
}

/** The events of a stream fed `size` characters at a time: when did each call's name show? */
export function streamEvents(
  format: string,
  text: string,
  size: number,
  hints: Hints = {},
): { at: number; type: string; key?: string; value?: string }[] {
  const parser = createStreamParser(format, hints)
  const out: { at: number; type: string; key?: string; value?: string }[] = []
  for (let i = 0; i < text.length; i += size) {
    for (const e of parser.feed(text.slice(i, i + size))) {
      out.push({ at: i + size, type: e.type, ...(e.type === 'field' ? { key: e.key, value: e.value } : {}) })
    }
  }
  parser.end()
  return out
}

/**
 * A reply of `count` calls with prose between them, streamed 16 characters at a time: every call
 * settles (a block-close event) as the one-shot parse reads it, and (`putsAside`) the stream puts
 * read text aside as it goes, so no parse reads more than a small part of the reply.
 */
export function expectManyCallsStream(format: NativeFormat, { count = 40, putsAside = true } = {}): void {
  const call = (i: number) => format.render({ toolName: 'step', arguments: { n: i, note: `call ${i}` } })
  const text =
    Array.from({ length: count }, (_, i) => `Step ${i}: I will look this up.\n${call(i)}\n`).join('') +
    'Done: every step is looked up now.'
  expectStreamingEqualsOneShot(format.id, text, {}, [1, 7, 16, 300])
  const oneShot = parseToolRequests(text, format.id)
  expect(oneShot.requests).toHaveLength(count)
  const parse = format.parse
  let longest = 0
  const counting: NativeFormat['parse'] = (t, context) => {
    longest = Math.max(longest, t.length)
    return parse(t, context)
  }
  ;(format as { parse: NativeFormat['parse'] }).parse = counting
  const settled: ParsedRequest[] = []
  // Only the previews count: end() reads the whole text once.
  try {
    const parser = createStreamParser(format.id)
    for (let i = 0; i < text.length; i += 16)
      for (const e of parser.feed(text.slice(i, i + 16))) if (e.type === 'block-close') settled.push(e.request)
  } finally {
    ;(format as { parse: NativeFormat['parse'] }).parse = parse
  }
  if (putsAside) {
    expect(settled).toEqual(oneShot.requests)
    expect(longest).toBeLessThan(text.length / 8)
  } else {
    // The open section is read again only as it grows by an eighth: the last calls settle in end().
    expect(settled.length).toBeGreaterThan(count / 2)
    expect(settled).toEqual(oneShot.requests.slice(0, settled.length))
  }
}
