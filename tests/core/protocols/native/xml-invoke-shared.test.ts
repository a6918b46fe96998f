import { describe, expect, it } from 'vitest'
import { calls, codes, expectManyCallsStream, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'
import { xmlInvokeFormats } from '../../../../src/core/protocols/native/formats/xml-invoke'

const weatherTools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string' },
          count: { type: 'integer' },
          metric: { type: 'boolean' },
          tags: { type: 'array' },
          ratio: { type: 'number' },
        },
      },
    },
  },
]

/** Every format of the family: what holds for each. */
describe.each(xmlInvokeFormats.map((f) => [f.id, f] as const))('%s (shared checks)', (id, format) => {
  const two =
    'Checking both.\n' +
    format.render({ toolName: 'get_weather', arguments: { city: 'Paris', count: 3 } }) +
    '\n' +
    format.render({ toolName: 'get_time', arguments: { zone: 'UTC' } }) +
    '\nDone, both are read; this closing sentence is long enough to be previewed.'

  it('reads its own example and its own rendering', () => {
    const example = parse(id, format.example)
    expect(calls(example)).toEqual([{ name: 'calc_evaluate', arguments: { expression: '6*7' } }])
    expect(codes(example)).toEqual([])
    const typed = parse(
      id,
      format.render({
        toolName: 'get_weather',
        arguments: { city: 'Paris', count: 3, metric: true, tags: ['a', 'b'] },
      }),
      { tools: weatherTools },
    )
    expect(calls(typed)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris', count: 3, metric: true, tags: ['a', 'b'] } },
    ])
    expect(typed.requests[0]?.valid).toBe(true)
  })

  it('claims its own example for auto-detection', () => {
    const context = {
      tools: { size: 0, has: () => false, names: () => [], parameter: () => undefined },
      trusted: false,
    }
    const opener = format.openers.find((o) => format.example.startsWith(o)) as string
    expect(format.claims(format.example, 0, opener, context)).toBe(true)
    expect(format.claims('x' + opener + 'hello world, nothing here', 1, opener, context)).toBe(false)
  })

  it('streams: end() equals one-shot, and each name shows before its call closes', () => {
    expectStreamingEqualsOneShot(id, two, { tools: weatherTools })
    const events = streamEvents(id, two, 3, { tools: weatherTools })
    const name = events.find((e) => e.key === 'tool_name' && e.value === 'get_weather')
    expect(name).toBeDefined()
    expect(name!.at).toBeLessThan(two.indexOf('Paris') + 'Paris'.length + 8)
    expect(events.filter((e) => e.type === 'block-close')).toHaveLength(2)
    expect(events.find((e) => e.key === 'count')?.value).toBe('3')
  })

  it('streams a call cut off mid-value the same as one-shot', () => {
    expectStreamingEqualsOneShot(id, two.slice(0, two.indexOf('Paris') + 3), { tools: weatherTools })
  })

  it('finishes on hostile texts of ~200,000 characters built from its pieces', () => {
    const shapes = [
      ...format.openers.map((o) => o.repeat(Math.ceil(200_000 / o.length))),
      ...format.pieces
        .filter((p) => p.length > 2)
        .map((p) => (format.openers[0] as string) + p.repeat(Math.ceil(200_000 / p.length))),
      (format.openers[0] as string) + format.pieces.join('').repeat(Math.ceil(200_000 / format.pieces.join('').length)),
    ]
    for (const text of shapes) {
      const result = parse(id, text)
      expect(Array.isArray(result.requests)).toBe(true)
    }
  })
})

describe.each(xmlInvokeFormats.map((f) => [f.id, f] as const))('%s streaming over many calls', (_id, format) => {
  it('settles each call as it closes and equals one-shot', () => expectManyCallsStream(format))
})
