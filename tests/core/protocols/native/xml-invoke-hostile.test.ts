import { describe, expect, it } from 'vitest'
import { NATIVE_FORMATS } from '../../../../src/core/protocols/native/formats'
import { calls, expectStreamingEqualsOneShot, parse } from './helpers'

/** The XML-invoke formats whose first opener starts a section, with the words of its unclosed-section finding. */
const SECTIONS = [
  { id: 'deepseek-v32', label: 'DeepSeek V3.2', open: '<｜DSML｜function_calls>', close: '</｜DSML｜function_calls>' },
  { id: 'step3', label: 'Step-3', open: '<｜tool_calls_begin｜>', close: '<｜tool_calls_end｜>' },
  { id: 'seed-oss', label: 'Seed-OSS', open: '<seed:tool_call>', close: '</seed:tool_call>' },
  { id: 'minimax-m2', label: 'MiniMax-M2', open: '<minimax:tool_call>', close: '</minimax:tool_call>' },
]

const RUN = 120

const weather = (id: string): string =>
  (NATIVE_FORMATS.find((f) => f.id === id) as (typeof NATIVE_FORMATS)[number]).render({
    toolName: 'get_weather',
    arguments: { city: 'Paris', days: 3 },
  })

describe('XML-invoke sections opened again and again with nothing after them', () => {
  it.each(SECTIONS)('$id: one unclosed-section warning per opener, the last running to the end', (s) => {
    const result = parse(s.id, s.open.repeat(RUN))
    expect(result.requests).toEqual([])
    expect(result.diagnostics).toHaveLength(RUN)
    const unclosed = `${s.label}: the ${s.open} section is never closed with ${s.close}; it runs to`
    result.diagnostics.forEach((d, k) => {
      const where = k === RUN - 1 ? 'native.xml.where.runs-to-end' : 'native.xml.where.runs-to-next-section'
      expect(d).toEqual({
        severity: 'warning',
        code: 'unclosed-section',
        message: k === RUN - 1 ? `${unclosed} the end of the text.` : `${unclosed} the next section.`,
        messageId: 'native.in-format',
        params: {
          format: s.label,
          message: {
            id: 'native.xml.section-unclosed',
            params: { open: s.open, close: s.close, where: { id: where } },
          },
        },
        offset: k * s.open.length,
        length: s.open.length,
        line: 1,
        column: k * s.open.length + 1,
      })
    })
  })

  it.each(SECTIONS)('$id: streamed, the run ends as the one-shot parse reads it', (s) => {
    expectStreamingEqualsOneShot(s.id, `Let me check.\n${s.open.repeat(40)}`, {}, [1, 16, 1 << 20])
  })

  it.each(SECTIONS)('$id: a whole call after a run of openers is read, and so are the openers after it', (s) => {
    const text = `${s.open.repeat(30)}\n${weather(s.id)}\n${s.open.repeat(30)}`
    const tools = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
        },
      },
    ]
    const result = parse(s.id, text, { tools })
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', days: 3 } }])
    expect(result.requests[0]?.valid).toBe(true)
    const messages = result.diagnostics.map((d) => d.message.slice(d.message.indexOf('it runs to')))
    // The 30 openers before the call's own (closed) section and 29 after it run to the next section.
    expect(messages).toEqual([
      ...Array<string>(59).fill('it runs to the next section.'),
      'it runs to the end of the text.',
    ])
    expectStreamingEqualsOneShot(s.id, text, { tools }, [1, 16, 1 << 20])
  })
})
