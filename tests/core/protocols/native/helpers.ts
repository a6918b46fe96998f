/** Shared checks for the native formats' tests. */
import { expect } from 'vitest'
import { createStreamParser, parseToolRequests } from '../../../../src/core/parser'
import type { ParseOptions } from '../../../../src/core/protocols/protocol'
import type { ParseResult } from '../../../../src/core/types'

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
export function expectStreamingEqualsOneShot(format: string, text: string, hints: Hints = {}, sizes = [1, 2, 3, 5, 16, 64, 1 << 20]): void {
  const oneShot = parseToolRequests(text, format, hints)
  for (const size of sizes) {
    const parser = createStreamParser(format, hints)
    for (let i = 0; i < text.length; i += size) parser.feed(text.slice(i, i + size))
    expect(parser.end(), `chunks of ${size}`).toEqual(oneShot)
  }
}

/** The events of a stream fed `size` characters at a time: when did each call's name show? */
export function streamEvents(format: string, text: string, size: number, hints: Hints = {}): { at: number; type: string; key?: string; value?: string }[] {
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
