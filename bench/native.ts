/**
 * The models' native formats: per format, a reply of prose and calls written in the format
 * (`NativeFormat.render`), read one-shot and streamed 16 characters at a time, against an indexOf
 * scan for the format's openers in the same text; and one hostile shape per format (its first
 * opener repeated with nothing after it), read at 250,000 and 1,000,000 characters.
 */
import { createStreamParser, parseToolRequests } from '../src/core'
import { nativeFormats } from '../src/core/protocols/native/registry'
import type { NativeFormat } from '../src/core/protocols/native/format'
import { measureInterleaved } from './measure'

const PROSE =
  'The forecast for the coming days depends on the city; I will look it up and then compare the numbers with last week before I answer.\n'

export function nativeReply(format: NativeFormat, characters: number): { text: string; calls: number } {
  const parts: string[] = []
  let length = 0
  let calls = 0
  while (length < characters) {
    const call = format.render({
      toolName: 'get_weather',
      arguments: { city: `Paris ${calls}`, days: calls % 7, metric: calls % 2 === 0 },
    })
    const piece = `${PROSE}${PROSE}${call}\n`
    parts.push(piece)
    length += piece.length
    calls++
  }
  return { text: parts.join(''), calls }
}

function openerFloor(text: string, openers: readonly string[]): number {
  let found = 0
  for (const opener of openers)
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + opener.length)) found++
  return found
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = []
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size))
  return chunks
}

function streamAll(chunks: string[], id: string): number {
  const parser = createStreamParser(id)
  for (const chunk of chunks) parser.feed(chunk)
  return parser.end().requests.length
}

export interface NativeFigures {
  characters: number
  calls: number
  /** Calls the one-shot parse found (the figures mean little when this is not `calls`). */
  found: number
  floor: number
  oneShot: number
  stream16: number
  hostileSmall: number
  hostileLarge: number
  hostileStreamSmall: number
  hostileStreamLarge: number
  hostileSmallChars: number
  hostileLargeChars: number
}

export function nativeFigures(rounds: number): Record<string, NativeFigures> {
  const out: Record<string, NativeFigures> = {}
  for (const format of nativeFormats()) {
    const { text, calls } = nativeReply(format, 1_000_000)
    const found = parseToolRequests(text, format.id).requests.length
    const chunks = chunksOf(text, 16)
    const ms = measureInterleaved(
      {
        floor: () => openerFloor(text, format.openers),
        oneShot: () => parseToolRequests(text, format.id).requests.length,
        stream16: () => streamAll(chunks, format.id),
      },
      rounds,
      2,
    )
    const opener = format.openers[0] as string
    const small = opener.repeat(Math.ceil(250_000 / opener.length))
    const large = opener.repeat(Math.ceil(1_000_000 / opener.length))
    const smallChunks = chunksOf(small, 16)
    const largeChunks = chunksOf(large, 16)
    const hostile = measureInterleaved(
      {
        small: () => parseToolRequests(small, format.id).requests.length,
        large: () => parseToolRequests(large, format.id).requests.length,
        streamSmall: () => streamAll(smallChunks, format.id),
        streamLarge: () => streamAll(largeChunks, format.id),
      },
      Math.max(1, Math.min(rounds, 3)),
      1,
    )
    out[format.id] = {
      characters: text.length,
      calls,
      found,
      floor: ms.floor as number,
      oneShot: ms.oneShot as number,
      stream16: ms.stream16 as number,
      hostileSmall: hostile.small as number,
      hostileLarge: hostile.large as number,
      hostileStreamSmall: hostile.streamSmall as number,
      hostileStreamLarge: hostile.streamLarge as number,
      hostileSmallChars: small.length,
      hostileLargeChars: large.length,
    }
  }
  return out
}
