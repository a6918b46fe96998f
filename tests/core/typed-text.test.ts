/**
 * One way to read a value written as text by a schema's type, for the parser, the eval lab and the
 * executor: the two modes' grammars, and the three callers agreeing on text no reference server
 * reads as a number.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readTextAs, textType, type TextType } from '../../src/core/typed-text'
import { typeBySchema } from '../../src/core/protocols/native/tool-hints'
import { typedText } from '../../src/core/eval/typed-values'
import { createToolSession, createToolRegistryManager, type ToolRegistry } from '../../src/core'

const read = (text: string, type: TextType, typing: 'strict' | 'lenient') => {
  const result = readTextAs(text, type, typing)
  return result.ok ? result.value : 'text'
}

describe('readTextAs', () => {
  it.each<[string, TextType, unknown, unknown]>([
    // text, type, strict, lenient
    ['42', 'integer', 42, 42],
    [' -7 ', 'integer', -7, -7],
    ['+5', 'integer', 'text', 5],
    ['007', 'integer', 'text', 7],
    ['3.0', 'integer', 'text', 3],
    ['3.5', 'integer', 'text', 'text'],
    ['1.5e3', 'number', 1500, 1500],
    ['.5', 'number', 'text', 0.5],
    ['5.', 'number', 'text', 5],
    ['TRUE', 'boolean', true, true],
    ['yes', 'boolean', 'text', true],
    ['0', 'boolean', 'text', false],
    ['None', 'null', 'text', null],
    ["['a', 'b']", 'array', ['a', 'b'], ['a', 'b']],
    ['{"a": 1}', 'array', 'text', 'text'],
    ['  spaced  ', 'string', '  spaced  ', '  spaced  '],
  ])('%j as %s: strict %j, lenient %j', (text, type, strict, lenient) => {
    expect(read(text, type, 'strict')).toEqual(strict)
    expect(read(text, type, 'lenient')).toEqual(lenient)
  })

  it('reads no hex, octal or binary digits, Infinity, NaN, digit separators or empty text as a number, in either mode', () => {
    for (const text of ['0x10', '0o17', '0b101', 'Infinity', '-Infinity', 'NaN', '1_000', '', '  ', '1e999'])
      for (const type of ['integer', 'number'] as const)
        for (const typing of ['strict', 'lenient'] as const) expect(read(text, type, typing), text).toBe('text')
  })

  it('reads back every integer and every finite number as JSON writes it, in both modes', () => {
    fc.assert(
      fc.property(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), (n, d) => {
        for (const typing of ['strict', 'lenient'] as const) {
          expect(read(String(n), 'integer', typing)).toBe(n)
          expect(read(JSON.stringify(d), 'number', typing)).toBe(Object.is(d, -0) ? 0 : d)
        }
      }),
    )
  })

  it('knows the types as tool definitions spell them', () => {
    expect(['int', 'float', 'bool', 'dict', 'list', 'tuple', 'None', 'str'].map(textType)).toEqual([
      'integer',
      'number',
      'boolean',
      'object',
      'array',
      'array',
      'null',
      'string',
    ])
  })
})

describe('the parser, the eval lab and the executor type text alike', () => {
  const tool: ToolRegistry = {
    id: 'maths',
    name: 'maths',
    getMetadata: () => ({
      id: 'maths',
      name: 'maths',
      description: 'Maths.',
      methods: [
        {
          name: 'times',
          description: 'Multiplies.',
          agentCallable: true,
          parameters: [
            { name: 'n', type: 'number' },
            { name: 'loud', type: 'boolean', required: false },
          ],
        },
      ],
    }),
    times: () => 'ok',
  }
  const registry = createToolRegistryManager()
  registry.register(tool)
  const session = createToolSession({ registry })
  const plan = (n: string) => {
    const text = `<<<[TOOL_REQUEST]>>>\ntool_name:「始」maths_times「末」,\nn:「始」${n}「末」\n<<<[END_TOOL_REQUEST]>>>`
    const planned = session.plan(session.parse(text, { protocol: 'vcp' }).requests[0]!)
    return planned.verdict === 'ready' ? planned.args.n : 'refused'
  }

  it('"0x10" is no number for any of them, and "16" is 16 for all', () => {
    expect(typeBySchema('0x10', { type: 'number' }).value).toBe('0x10')
    expect(typedText('0x10', 'number')).toBe('0x10')
    expect(plan('0x10')).toBe('refused')
    expect([typeBySchema('16', { type: 'number' }).value, typedText('16', 'number'), plan('16')]).toEqual([16, 16, 16])
  })

  it('"0b11" and "Infinity" are no numbers for the parser either', () => {
    expect(typeBySchema('0b11', { type: 'number' })).toMatchObject({
      value: '0b11',
      problem: { id: 'native.xml.typed.not-number' },
    })
    expect(typeBySchema('Infinity', { type: 'number' }).value).toBe('Infinity')
  })
})
