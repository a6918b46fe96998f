import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { chineseMessages, englishMessages, renderMessage, type MessageRef } from '../../../src/core/messages'
import { nativeXmlEn } from '../../../src/core/messages/en/native-xml'
import { nativePythonicEn } from '../../../src/core/messages/en/native-pythonic'
import { commonEn } from '../../../src/core/messages/en/common'
import { vcpEn } from '../../../src/core/messages/en/vcp'
import { jsonEn } from '../../../src/core/messages/en/json'
import { autoEn } from '../../../src/core/messages/en/auto'
import { nativeJsonEn } from '../../../src/core/messages/en/native-json'
import { nativeOtherEn } from '../../../src/core/messages/en/native-other'
import { planEn } from '../../../src/core/messages/en/plan'
import { fixesEn } from '../../../src/core/messages/en/fixes'
import { parseToolRequests } from '../../../src/core/parser'
import { xmlInvokeFormats } from '../../../src/core/protocols/native/formats/xml-invoke'
import { pythonicFormats } from '../../../src/core/protocols/native/formats/pythonic'
import type { Diagnostic } from '../../../src/core/types'
import { nativeCaseArbFor } from '../../fuzz/native-replies'
import { collectIds, expectFormatSaidById, expectSaidById } from './said-by-id'

/** The formats whose readers say their findings with the native-xml and native-pythonic tables. */
const FORMATS = [...xmlInvokeFormats, ...pythonicFormats]
const MINE = { ...nativeXmlEn, ...nativePythonicEn }

/** A tool whose parameters declare every type, so values can be read against them. */
const TOOLS = [
  {
    name: 'f',
    parameters: {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        x: { type: 'number' },
        b: { type: 'boolean' },
        z: { type: 'null' },
        o: { type: 'object' },
        e: { type: ['integer', 'boolean', 'null'] },
      },
    },
  },
]

const qwen = (name: string, value: string): string =>
  `<tool_call>\n<function=f>\n<parameter=${name}>\n${value}\n</parameter>\n</function>\n</tool_call>`
const DSML = '｜DSML｜'

/** Texts that reach the findings the generated replies seldom do: format, text, and whether the tools are given. */
const CORPUS: [format: string, text: string, typed?: boolean][] = [
  ['minimax-m2', `<minimax:tool_call>\n<invoke name="f"${' '.repeat(600)}></invoke>\n</minimax:tool_call>`],
  ['qwen3-coder', qwen('n', 'abc'), true],
  ['qwen3-coder', qwen('x', 'abc'), true],
  ['qwen3-coder', qwen('b', 'maybe'), true],
  ['qwen3-coder', qwen('z', 'abc'), true],
  ['qwen3-coder', qwen('o', '[1'), true],
  ['qwen3-coder', qwen('', 'v')],
  [
    'deepseek-v32',
    `<${DSML}function_calls>\n<${DSML}invoke name="f">\n<${DSML}parameter name="a" string="false">{x</${DSML}parameter>\n</${DSML}invoke>\n</${DSML}function_calls>`,
  ],
  ['glm45', '<tool_call><arg_key>a</arg_key><arg_value>1</arg_value></tool_call>'],
  ['glm45', '<tool_call>f\n<arg_key></arg_key>\n<arg_value>1</arg_value>\n</tool_call>'],
  ['pythonic', '[f(n=[1], o=[], b=3, n=1.5, x=True, e=[1])]', true],
  ['pythonic', '[f(b={})]', true],
  ['pythonic', '[f(n="abc")]', true],
  ['pythonic', `[f(a=${'['.repeat(200)}${']'.repeat(200)})]`],
  ['pythonic', "[f(a=b'x')]"],
  ['pythonic', "[f(a=f'{x}')]"],
  ['pythonic', "[f(a='\\xZZ')]"],
  ['pythonic', '[f(a=-'],
  ['pythonic', '[f(a=-, b=1)]'],
  ['pythonic', '[f(a=1e'],
  ['pythonic', '[f(a=12abc)]'],
  ['pythonic', '[f(a=1e999)]'],
  ['pythonic', '[f(a=[1 2])]'],
  ['pythonic', '[f(a={1 2})]'],
  ['pythonic', '[f(a={1, 2 3})]'],
  ['pythonic', '[f(a={**x})]'],
  ['pythonic', '[f(a={[1]: 2})]'],
  ['pythonic', '[f(a=1, a=2)]'],
  ['pythonic', '[f(*x)]'],
  ['gemma', '```tool_code\nprint(f(a=1) x)\n```'],
]

/**
 * Table entries no text can reach, kept for the contract of the functions that say them: every
 * caller names a place after its white space and before the end of the text, and a string for a
 * typed parameter is read by its schema before its kind is ever named.
 */
const UNREACHABLE = ['native.pythonic.at.end-of-text', 'native.pythonic.at.line-break', 'native.pythonic.kind.string']

describe('XML-invoke and pythonic formats say every finding by id', () => {
  it('covers the expected formats', () => {
    expect(FORMATS.map((f) => f.id).sort()).toEqual(
      [
        'deepseek-v32',
        'functiongemma',
        'gemma',
        'glm45',
        'lfm2',
        'llama3-builtin',
        'llama4-pythonic',
        'minimax-m2',
        'olmo3',
        'pythonic',
        'qwen3-coder',
        'seed-oss',
        'step3',
      ].sort(),
    )
  })

  for (const { id, models } of FORMATS) {
    it(`${id}: by id and through auto with a model hint`, { timeout: 120_000 }, () => {
      expectFormatSaidById(id, models[0])
    })
  }
})

describe('a fixed corpus of replies', () => {
  it('reaches every message of the two tables, each said by id', { timeout: 120_000 }, () => {
    const seen = new Set<string>()
    const read = (text: string, format: string, tools?: unknown[]): void => {
      const { diagnostics } = parseToolRequests(text, format, { tools: tools as never })
      expectSaidById(diagnostics)
      for (const d of diagnostics) collectIds({ id: d.messageId, params: d.params }, seen)
    }
    for (const [format, text, typed] of CORPUS) read(text, format, typed ? TOOLS : undefined)
    for (const format of FORMATS) {
      for (let cut = 0; cut <= format.example.length; cut++) read(format.example.slice(0, cut), format.id)
      for (const c of fc.sample(nativeCaseArbFor(format.id), { numRuns: 300, seed: 7 })) read(c.text, format.id)
    }
    expect(Object.keys(MINE).filter((id) => !seen.has(id) && !UNREACHABLE.includes(id))).toEqual([])
    expect(UNREACHABLE.filter((id) => seen.has(id))).toEqual([])
  })
})

describe('examples in Chinese', () => {
  const zhOf = (d: Diagnostic): string =>
    renderMessage({ id: d.messageId as string, params: d.params }, chineseMessages)
  const only = (text: string, format: string, tools?: unknown[]): Diagnostic => {
    const { diagnostics } = parseToolRequests(text, format, { tools: tools as never })
    expect(diagnostics).toHaveLength(1)
    return diagnostics[0] as Diagnostic
  }

  it('says where an unclosed section runs to, with the message every such section shares', () => {
    const d = only('<minimax:tool_call>', 'minimax-m2')
    expect(d.message).toBe(
      'MiniMax-M2: the <minimax:tool_call> section is never closed with </minimax:tool_call>; it runs to the end of the text.',
    )
    expect(zhOf(d)).toBe('MiniMax-M2：<minimax:tool_call> 段没有用 </minimax:tool_call> 结束；它一直延续到文本末尾。')
    const [first, second] = parseToolRequests('<minimax:tool_call>'.repeat(3), 'minimax-m2').diagnostics
    expect((first?.params?.message as MessageRef).params).toBe((second?.params?.message as MessageRef).params)
  })

  it('nests why a value does not read as its declared type', () => {
    const d = only(qwen('n', 'abc'), 'qwen3-coder', TOOLS)
    expect(d.message).toBe(
      'Qwen3-Coder: the value of "n" does not read as declared: "abc" is not an integer; it is kept as text.',
    )
    expect(zhOf(d)).toBe('Qwen3-Coder："n" 的值无法按声明的类型读取："abc" 不是整数；已按文本保留。')
  })

  it('nests why a Python literal cannot be read, and names kinds and declared types', () => {
    const bytes = only("[f(a=b'x')]", 'pythonic')
    expect(bytes.message).toBe('Pythonic: the argument `a`: a bytes literal has no JSON form.')
    expect(zhOf(bytes)).toBe('Pythonic：参数 `a`：字节串字面量（`b"..."`）没有 JSON 形式。')
    const typed = only('[f(e=[1])]', 'pythonic', TOOLS)
    expect(typed.message).toBe(
      'Pythonic: the argument `e` is a list, but the tool declares integer or boolean or null.',
    )
    expect(zhOf(typed)).toBe('Pythonic：参数 `e` 是列表，但工具声明的类型是 integer 或 boolean 或 null。')
  })
})

describe('the native-xml and native-pythonic tables', () => {
  const others = { commonEn, vcpEn, jsonEn, autoEn, nativeJsonEn, nativeOtherEn, planEn, fixesEn }

  it('share no id with another area (a duplicate would silently override)', () => {
    const mine = [...Object.keys(nativeXmlEn), ...Object.keys(nativePythonicEn)]
    expect(new Set(mine).size).toBe(mine.length)
    for (const [area, table] of Object.entries(others))
      expect(
        mine.filter((id) => id in table),
        area,
      ).toEqual([])
    const merged: Record<string, string> = englishMessages
    for (const [id, text] of Object.entries(MINE)) expect(merged[id], id).toBe(text)
  })
})
