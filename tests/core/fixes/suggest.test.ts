import { describe, expect, it } from 'vitest'
import { applyEdits, parseToolRequests, suggestFixes, type SuggestedFix } from '../../../src/core'

const OPTIONS = { reasoning: 'include' } as const
const VCP_HEAD = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\n'

function fixesOf(text: string, protocol: string): SuggestedFix[] {
  return suggestFixes(text, protocol, OPTIONS)
}

/** The one fix for `code`, applied; the text it gives. */
function applied(text: string, protocol: string, code: string): { fix: SuggestedFix; text: string } {
  const fix = fixesOf(text, protocol).find((f) => f.diagnostic.code === code)
  expect(fix, `a fix for ${code}`).toBeDefined()
  return { fix: fix!, text: applyEdits(text, fix!.edits) }
}

const codes = (text: string, protocol: string): string[] =>
  parseToolRequests(text, protocol, OPTIONS).diagnostics.map((d) => d.code)

describe('suggestFixes: VCP', () => {
  it('inserts the end marker where the block ended', () => {
    const text = `${VCP_HEAD}expression:「始」1+2「末」\n`
    const { fix, text: fixed } = applied(text, 'vcp', 'missing-end-marker')
    expect(fix.title).toMatchObject({
      messageId: 'fix.insert-end-marker',
      params: { marker: '<<<[END_TOOL_REQUEST]>>>' },
    })
    expect(fix.title.message).toBe('Insert <<<[END_TOOL_REQUEST]>>>')
    expect(fixed).toBe(`${VCP_HEAD}expression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>\n`)
    expect(codes(fixed, 'vcp')).toEqual([])
  })

  it('ends a block that runs into the next one before the next start marker', () => {
    const text = `${VCP_HEAD}expression:「始」1「末」\n${VCP_HEAD}expression:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>`
    const { text: fixed } = applied(text, 'vcp', 'missing-end-marker')
    expect(fixed).toBe(
      `${VCP_HEAD}expression:「始」1「末」\n<<<[END_TOOL_REQUEST]>>>\n${VCP_HEAD}expression:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>`,
    )
    expect(codes(fixed, 'vcp')).toEqual([])
  })

  it('closes a plain value with 「末」 and an escaped one with its own closer', () => {
    const plain = `${VCP_HEAD}expression:「始」1+2\n<<<[END_TOOL_REQUEST]>>>`
    const first = applied(plain, 'vcp', 'unterminated-value')
    expect(first.fix.title.message).toBe('Close the value of "expression" with 「末」')
    expect(first.text).toBe(`${VCP_HEAD}expression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>`)
    expect(parseToolRequests(first.text, 'vcp').requests[0]?.valid).toBe(true)

    const escaped = `${VCP_HEAD}expression:「始ESCAPE」1+2「末」\n<<<[END_TOOL_REQUEST]>>>`
    const second = applied(escaped, 'vcp', 'unterminated-value')
    expect(second.fix.edits[0]?.replacement).toBe('「末ESCAPE」')
    expect(parseToolRequests(second.text, 'vcp').requests[0]?.valid).toBe(true)
  })

  it('closes a value before a start marker it swallowed', () => {
    const text = `${VCP_HEAD}content:「始ESCAPE」x\n${VCP_HEAD}expression:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>`
    const { text: fixed } = applied(text, 'vcp', 'unterminated-value')
    expect(fixed.indexOf('「末ESCAPE」')).toBeLessThan(fixed.lastIndexOf('<<<[TOOL_REQUEST]>>>'))
  })
})

describe('suggestFixes: JSON protocols', () => {
  it('inserts </tool_call> at the end of a Hermes block, and closes its cut-off JSON', () => {
    const text = '<tool_call>\n{"name": "calc_evaluate", "arguments": {"expression": "1+2"\n'
    const fixes = fixesOf(text, 'hermes')
    expect(fixes.map((f) => [f.diagnostic.code, f.title.message])).toEqual([
      ['missing-closing-tag', 'Insert </tool_call>'],
      ['invalid-json', 'Close the JSON with }}'],
    ])
    const both = applyEdits(applyEdits(text, fixes[1]!.edits), [
      { offset: 71 + 2, length: 0, replacement: '\n</tool_call>' },
    ])
    expect(codes(both, 'hermes')).toEqual([])
  })

  it('closes a Hermes block before the call it swallowed', () => {
    const text =
      '<tool_call>\n{"name": "a", "arguments": {"x": 1}}\n<tool_call>\n{"name": "b", "arguments": {}}\n</tool_call>'
    const { fix, text: fixed } = applied(text, 'hermes', 'invalid-json')
    expect(fix.title).toMatchObject({
      messageId: 'fix.insert-before-next',
      params: { marker: '</tool_call>', line: 3 },
    })
    const result = parseToolRequests(fixed, 'hermes')
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([
      ['a', true],
      ['b', true],
    ])
  })

  it('closes an unclosed {"tool_calls": ...} block and a <tool_code> tag', () => {
    const json = '{"tool_calls": [{"name": "calc_evaluate", "arguments": {"expression": "1+2"'
    expect(applied(json, 'json', 'invalid-json').text).toBe(`${json}}}]}`)
    const xml = '<tool_code>{"name": "calc_evaluate", "arguments": {}}'
    expect(applied(xml, 'xml', 'missing-closing-tag').text).toBe(`${xml}\n</tool_code>`)
  })

  it('repairs single quotes, unquoted keys and trailing commas, one diagnostic each', () => {
    const text = "{'tool_calls': [{name: 'calc_evaluate', 'arguments': {'expression': 'it\\'s \"1\"',},}]}"
    const quotes = applied(text, 'json', 'single-quotes')
    expect(quotes.text).toBe(
      '{"tool_calls": [{name: "calc_evaluate", "arguments": {"expression": "it\'s \\"1\\"",},}]}',
    )
    expect(codes(quotes.text, 'json')).not.toContain('single-quotes')
    expect(applied(text, 'json', 'unquoted-key').text).toContain('{"name": ')
    const commas = fixesOf(text, 'json').filter((f) => f.diagnostic.code === 'trailing-comma')
    expect(commas).toHaveLength(2)
    expect(commas[0]!.title.message).toBe('Remove the trailing comma')
  })
})

describe('suggestFixes: models’ own formats', () => {
  const cases: [string, string, string][] = [
    ['ernie45', '<tool_call>\n{"name": "calc_evaluate", "arguments": {}}\n', '</tool_call>'],
    ['functionary-v31', '<function=calc_evaluate>{"expression": "6*7"}', '</function>'],
    ['lfm2', '<|tool_call_start|>[calc_evaluate(expression="6*7")]', '<|tool_call_end|>'],
    [
      'harmony',
      '<|start|>assistant<|channel|>commentary to=functions.calc_evaluate <|constrain|>json<|message|>{}',
      '<|call|>',
    ],
    [
      'qwen3-coder',
      '<tool_call>\n<function=calc_evaluate>\n<parameter=expression>\n6*7\n</parameter>\n</function>\n',
      '</tool_call>',
    ],
  ]
  it.each(cases)('%s: inserts %s', (format, text, closer) => {
    const fix = fixesOf(text, format)[0]
    expect(fix?.title.params).toEqual({ marker: closer })
    expect(codes(applyEdits(text, fix!.edits), format)).toEqual([])
  })

  it('closes cut-off JSON arguments first (Mistral), which also ends the call', () => {
    const text = '[TOOL_CALLS]calc_evaluate[ARGS]{"expression":"6*7"'
    const fixes = fixesOf(text, 'mistral')
    expect(fixes.map((f) => f.title.message)).toEqual(['Close the JSON with }', 'Close the JSON with }'])
    const result = parseToolRequests(applyEdits(text, fixes[0]!.edits), 'mistral')
    expect(result.requests[0]?.valid).toBe(true)
  })

  it('finds the closer of a format auto detected', () => {
    const text = 'Sure.\n<function=calc_evaluate>{"expression": "6*7"}'
    const fix = fixesOf(text, 'auto').find((f) => f.diagnostic.code === 'unclosed-call')
    expect(fix?.edits).toEqual([{ offset: text.length, length: 0, replacement: '</function>' }])
  })
})

describe('suggestFixes: limits', () => {
  it('offers nothing for a clean reply, an unknown protocol, or without trial parses left', () => {
    const clean = `${VCP_HEAD}expression:「始」1「末」\n<<<[END_TOOL_REQUEST]>>>`
    expect(fixesOf(clean, 'vcp')).toEqual([])
    expect(fixesOf('anything', 'no-such-protocol')).toEqual([])
    expect(suggestFixes(`${VCP_HEAD}`, 'vcp', { maxChecks: 0 })).toEqual([])
  })

  it('reuses a given parse: its diagnostics are the ones fixed', () => {
    const text = `${VCP_HEAD}request_id:「始」r1「末」\n`
    const result = parseToolRequests(text, 'vcp')
    const fixes = suggestFixes(text, 'vcp', { result })
    expect(fixes[0]?.diagnostic).toBe(result.diagnostics[0])
  })
})
