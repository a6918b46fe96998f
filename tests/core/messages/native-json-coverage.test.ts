import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { chineseMessages, englishMessages, renderMessage } from '../../../src/core/messages'
import { nativeJsonEn } from '../../../src/core/messages/en/native-json'
import { nativeOtherEn } from '../../../src/core/messages/en/native-other'
import { commonEn } from '../../../src/core/messages/en/common'
import { vcpEn } from '../../../src/core/messages/en/vcp'
import { jsonEn } from '../../../src/core/messages/en/json'
import { autoEn } from '../../../src/core/messages/en/auto'
import { nativeXmlEn } from '../../../src/core/messages/en/native-xml'
import { nativePythonicEn } from '../../../src/core/messages/en/native-pythonic'
import { planEn } from '../../../src/core/messages/en/plan'
import { fixesEn } from '../../../src/core/messages/en/fixes'
import { parseToolRequests } from '../../../src/core/parser'
import { jsonTaggedFormats } from '../../../src/core/protocols/native/formats/json-tagged'
import { jsonBareFormats } from '../../../src/core/protocols/native/formats/json-bare'
import { tokenDelimitedFormats } from '../../../src/core/protocols/native/formats/token-delimited'
import {
  CALL_CLOSE,
  CALL_OPEN,
  SECTION_CLOSE,
  SECTION_OPEN,
  V3_HEAD,
} from '../../../src/core/protocols/native/formats/deepseek-tokens'
import type { Diagnostic } from '../../../src/core/types'
import { nativeCaseArbFor } from '../../fuzz/native-replies'
import { collectIds, expectFormatSaidById, expectSaidById } from './said-by-id'

/** The formats whose readers say their findings with the native-json and native-other tables. */
const FORMATS = [...jsonTaggedFormats, ...jsonBareFormats, ...tokenDelimitedFormats]
const FORMAT_IDS = FORMATS.map((f) => f.id)

/** Texts that reach the findings the generated replies seldom do, each with the format that reads it. */
const CORPUS: [format: string, text: string][] = [
  ['functionary-v31', '<function=f>"{\\"a\\": 1}"</function>'],
  ['functionary-v31', '<function=f>[1]</function>'],
  ['granite', '<|tool_call|>[{"arguments": {"a": 1}'],
  ['granite', '<|tool_call|>[{"name": "f", "arguments": {}},]'],
  ['phi4-mini', 'functools[{"function": {}}]'],
  ['phi4-mini', 'functools[{"name": ""}]'],
  ['phi4-mini', 'functools[{"name": 5}]'],
  ['phi4-mini', 'functools[{"name": "f", "arguments": "{\\"a\\": 1}"}]'],
  ['phi4-mini', 'functools[{"name": "f", "arguments": "{x"}]'],
  ['phi4-mini', `functools[{"name": "f", "arguments": "{'a': 1}"}]`],
  ['phi4-mini', 'functools[{"name": "f", "arguments": [1]}]'],
  ['mistral', '[TOOL_CALLS][{"name": "a", "arguments": {}}, {"name": "b", "argu'],
  ['mistral', '[TOOL_CALLS]f[CALL_ID]x[ARGS]{}'],
  ['deepseek-v3', `${SECTION_OPEN}${CALL_OPEN}${V3_HEAD}f\n\`\`\`json\n{}${CALL_CLOSE}${SECTION_CLOSE}`],
  ['kimi-k2', '<|tool_calls_section_begin|><|tool_call_begin|><|tool_call_argument_begin|>{}<|tool_call_end|>'],
  ['harmony', '<|start|>assistant<|channel|>analysis to=functions.f <|constrain|>json<|message|>{}<|call|>'],
  ['harmony', '<|start|>assistant<|channel|>commentary to=python<|message|>print(1)<|call|>'],
  ['harmony', '<|start|>assistant<|channel|>commentary to=functions. <|message|>{}<|call|>'],
]

/**
 * Table entries no text can reach: the bare JSON readers hand the call reader objects only, so
 * its "must be a JSON object" has a twin for completeness alone.
 */
const UNREACHABLE = ['native.json.lower.call-not-object']

/** The innermost message of a native finding (the adapter wraps it with the format's label). */
function innerId(d: Diagnostic): string | undefined {
  const inner = d.params?.message
  return typeof inner === 'object' ? inner.id : d.messageId
}

describe('native JSON and token-delimited formats say every finding by id', () => {
  it('covers the expected formats', () => {
    expect(FORMAT_IDS).toEqual(
      expect.arrayContaining(['mistral', 'deepseek-v3', 'kimi-k2', 'harmony', 'functionary-v32', 'xlam', 'granite']),
    )
    expect(FORMAT_IDS.length).toBeGreaterThanOrEqual(21)
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
    const read = (text: string, format: string): void => {
      const { diagnostics } = parseToolRequests(text, format)
      expectSaidById(diagnostics)
      for (const d of diagnostics) collectIds({ id: d.messageId, params: d.params }, seen)
    }
    for (const [format, text] of CORPUS) read(text, format)
    for (const format of FORMATS) {
      for (let cut = 0; cut <= format.example.length; cut++) read(format.example.slice(0, cut), format.id)
      for (const c of fc.sample(nativeCaseArbFor(format.id), { numRuns: 300, seed: 7 })) read(c.text, format.id)
    }
    const mine = [...Object.keys(nativeJsonEn), ...Object.keys(nativeOtherEn)]
    expect(mine.filter((id) => !seen.has(id) && !UNREACHABLE.includes(id))).toEqual([])
  })
})

describe('examples in Chinese', () => {
  const zhOf = (d: Diagnostic): string =>
    renderMessage({ id: d.messageId as string, params: d.params }, chineseMessages)

  it('says where an unclosed Mistral call runs to', () => {
    const [d] = parseToolRequests('[TOOL_CALLS]get_weather[ARGS]{"city": "Par', 'mistral').diagnostics
    expect(d?.message).toBe('Mistral: the arguments of "get_weather" never close; they run to the end of the text.')
    expect(innerId(d as Diagnostic)).toBe('native.token.arguments-unclosed')
    expect(zhOf(d as Diagnostic)).toBe('Mistral："get_weather" 的参数没有闭合；它们一直延续到文本末尾。')
  })

  it('nests the JSON reader’s reason in a tagged block’s finding', () => {
    const found = parseToolRequests('<|tool_call|>[{"name": "f", "arguments": {"a": 1,}}]', 'granite').diagnostics
    const comma = found.find((d) => d.code === 'trailing-comma')
    expect(comma?.messageId).toBe('native.in-format')
    expect(zhOf(comma as Diagnostic)).not.toContain('trailing comma')
    const broken = parseToolRequests('<tool_call>\n{"name": "f", "arguments": {"a": 1} x}\n</tool_call>', 'ernie45')
    const invalid = broken.diagnostics.find((d) => d.code === 'invalid-json') as Diagnostic
    expect(innerId(invalid)).toBe('native.json.payload-invalid')
    expect(zhOf(invalid)).toMatch(/^ERNIE 4\.5：<tool_call> JSON不是有效的 JSON：/)
  })

  it('keeps the lowercase twin of the call reader’s messages in bare JSON', () => {
    const [d] = parseToolRequests('functools[{"arguments": {}}]', 'phi4-mini').diagnostics
    expect(d?.message).toBe('Phi-4-mini: the call has no "name" naming the tool to call.')
    expect(innerId(d as Diagnostic)).toBe('native.json.lower.call-without-name')
    expect(zhOf(d as Diagnostic)).toBe('Phi-4-mini：调用没有指明要调用哪个工具的 `name`。')
    const [typed] = parseToolRequests('[{"name": 5, "arguments": {}}]', 'xlam').diagnostics
    expect(typed?.message).toBe('xLAM: the call\'s "name" must be a string; found number 5.')
    expect(zhOf(typed as Diagnostic)).toMatch(/^xLAM：调用的 `name` 必须是字符串；.*5。$/)
  })

  it('says why a Harmony call is unclosed', () => {
    const text = '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{}'
    const d = parseToolRequests(text, 'harmony').diagnostics.find((x) => x.code === 'unclosed-call') as Diagnostic
    expect(zhOf(d)).toBe('gpt-oss Harmony：发往 "functions.get_weather" 的调用没有用 <|call|> 结束；文本先结束了。')
  })
})

describe('the native-json and native-other tables', () => {
  const others = { commonEn, vcpEn, jsonEn, autoEn, nativeXmlEn, nativePythonicEn, planEn, fixesEn }

  it('share no id with another area (a duplicate would silently override)', () => {
    const mine = [...Object.keys(nativeJsonEn), ...Object.keys(nativeOtherEn)]
    expect(new Set(mine).size).toBe(mine.length)
    for (const [area, table] of Object.entries(others))
      expect(
        mine.filter((id) => id in table),
        area,
      ).toEqual([])
    const merged: Record<string, string> = englishMessages
    for (const [id, text] of Object.entries({ ...nativeJsonEn, ...nativeOtherEn })) expect(merged[id], id).toBe(text)
  })

  it('give each lowercase twin the call reader’s text with a lowercase first letter', () => {
    const merged: Record<string, string> = englishMessages
    const zh: Record<string, string> = chineseMessages
    for (const id of Object.keys(nativeJsonEn).filter((k) => k.startsWith('native.json.lower.'))) {
      const original = 'json.' + id.slice('native.json.lower.'.length)
      const text = merged[original] as string
      expect(merged[id], id).toBe(text.charAt(0).toLowerCase() + text.slice(1))
      expect(zh[id], id).toBe(zh[original])
    }
  })
})
