/**
 * A value nested far deeper than any real call (20,000 open brackets, braces, parentheses, quotes
 * or tags) costs every format that call only: the valid call before it is read, the deep one is
 * flagged, and streaming in any chunking ends exactly as the one-shot parse. No reader may recurse
 * once per level of its input.
 */
import { describe, expect, it } from 'vitest'
import { NATIVE_FORMATS } from '../../../../src/core/protocols/native/formats'
import type { NativeFormat } from '../../../../src/core/protocols/native/format'
import { checkReply } from '../../../fuzz/oracle'
import { calls, parse } from './helpers'

const DEPTH = 20_000

/** A call of `probe` as the format writes it; `[1]` marks the value. */
function probeOf(format: NativeFormat): string {
  return format.render({ toolName: 'probe', arguments: { data: [1] } })
}

/** The tag that opens the value in the format's own writing (`<parameter=data>`), if it has one. */
function valueTag(probe: string): string | undefined {
  const before = probe.slice(0, probe.indexOf('[1]')).trimEnd()
  const open = before.lastIndexOf('<')
  return before.endsWith('>') && open !== -1 ? before.slice(open) : undefined
}

/** Chunk sizes of the streamed reads, as the other streaming tests cut. */
const SIZES = [1, 16, 1 << 20]

/**
 * The deep value, written in place of the probe's `[1]`. A format's own value tags make the
 * longest text (up to 600,000 characters, each tag a warning in the XML-invoke formats, and a
 * stream reads an open call again as it grows): streamed in one chunk, and only where the format
 * has such a tag.
 */
const NESTINGS: { name: string; deep: (probe: string) => string; sizes: number[]; formats?: NativeFormat[] }[] = [
  { name: 'open brackets', deep: () => '['.repeat(DEPTH), sizes: SIZES },
  { name: 'closed brackets', deep: () => '['.repeat(DEPTH) + ']'.repeat(DEPTH), sizes: SIZES },
  { name: 'open braces', deep: () => '{"a":'.repeat(DEPTH), sizes: SIZES },
  { name: 'quotes in brackets', deep: () => '["a",'.repeat(DEPTH), sizes: SIZES },
  { name: 'parentheses', deep: () => '('.repeat(DEPTH), sizes: SIZES },
  { name: 'tags', deep: () => '<a>'.repeat(DEPTH), sizes: SIZES },
  {
    name: "the format's own value tags",
    deep: (probe) => (valueTag(probe) ?? '').repeat(DEPTH),
    sizes: [1 << 20],
    formats: NATIVE_FORMATS.filter((f) => valueTag(probeOf(f)) !== undefined),
  },
]

const TOOLS = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
  {
    type: 'function',
    function: { name: 'probe', parameters: { type: 'object', properties: { data: { type: 'array' } } } },
  },
]

/** A valid call, then a call of `probe` whose `data` is the deep value; where that call begins. */
function replyWith(format: NativeFormat, deep: (probe: string) => string): { text: string; deepCallAt: number } {
  const valid = format.render({ toolName: 'get_weather', arguments: { city: 'Paris' } })
  const probe = probeOf(format)
  expect(probe).toContain('[1]')
  const head = `Let me check.\n${valid}\n`
  return { text: head + probe.replace('[1]', deep(probe)), deepCallAt: head.length }
}

describe.each(NESTINGS)('a value of $name, 20,000 deep', ({ deep, sizes, formats = NATIVE_FORMATS }) => {
  it.each(formats.map((f) => [f.id, f] as const))(
    '%s: the call before it is kept, the deep call is flagged, streaming ends as one-shot',
    (_, format) => {
      const { text, deepCallAt } = replyWith(format, deep)
      const result = parse(format.id, text, { tools: TOOLS })
      expect(calls(result)[0]).toEqual({ name: 'get_weather', arguments: { city: 'Paris' } })
      expect(result.requests[0]?.valid).toBe(true)
      // An error, or a warning that its value is kept as text (formats whose values may be text).
      const flagged = result.diagnostics.filter((d) => d.severity !== 'info' && d.offset + d.length > deepCallAt)
      expect(flagged.map((d) => d.code)).not.toEqual([])
      // The fuzz oracle: nothing throws, and streamed in each chunking it ends exactly as one-shot.
      for (const size of sizes) expect(checkReply(text, format.id, { size }, { tools: TOOLS })).toBeNull()
    },
    // Bounded by the work (one text, a few chunkings), not by the clock: a busy machine only slows it.
    120_000,
  )
})
