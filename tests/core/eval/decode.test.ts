import { describe, expect, it } from 'vitest'
import { decodeNative, decodeResult, evalToolset, scoreReply, type EvalFunction } from '../../../src/core/eval'

const area: EvalFunction = {
  name: 'geometry.area',
  description: 'Area of a shape.',
  parameters: {
    type: 'dict',
    properties: {
      base: { type: 'integer' },
      height: { type: 'float' },
      round: { type: 'boolean' },
      sides: { type: 'array', items: { type: 'integer' } },
      options: { type: 'dict', properties: { unit: { type: 'string' } } },
      label: { type: 'string' },
    },
    required: ['base'],
  },
}
const toolset = evalToolset([area])

describe('decodeResult', () => {
  it('types VCP text values by the declared schema', () => {
    const text = [
      '<<<[TOOL_REQUEST]>>>',
      'tool_name:「始」geometry_area「末」,',
      'base:「始」10「末」,',
      'height:「始」2.5「末」,',
      'round:「始」TRUE「末」,',
      'sides:「始」[3, 4]「末」,',
      'options:「始」{"unit": "cm"}「末」,',
      'label:「始」10「末」',
      '<<<[END_TOOL_REQUEST]>>>',
    ].join('\n')
    const decoded = decodeResult(text, toolset, { protocol: 'vcp' })
    expect(decoded.failure).toBeUndefined()
    expect(decoded.calls).toEqual([
      { 'geometry.area': { base: 10, height: 2.5, round: true, sides: [3, 4], options: { unit: 'cm' }, label: '10' } },
    ])
    expect(decoded.compliance).toMatchObject({ parsed: true, format: 'vcp' })
  })

  it('keeps a value that does not read as its type as text, for the checker to report', () => {
    const text =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」geometry_area「末」,\nbase:「始」ten「末」\n<<<[END_TOOL_REQUEST]>>>'
    expect(decodeResult(text, toolset, { protocol: 'vcp' }).calls).toEqual([{ 'geometry.area': { base: 'ten' } }])
  })

  it("reads BFCL's decoded form and a function-calling model's JSON-string arguments", () => {
    expect(decodeResult([{ 'geometry.area': { base: 1 } }], toolset).calls).toEqual([{ 'geometry.area': { base: 1 } }])
    expect(decodeResult([{ geometry_area: '{"base": 2}' }], toolset).calls).toEqual([{ 'geometry.area': { base: 2 } }])
  })

  it('labels what cannot be decoded as BFCL does', () => {
    expect(decodeResult({ a: 1 }, toolset).failure?.errorType).toBe('ast_decoder:decoder_wrong_output_format')
    expect(decodeResult([{ a: 1, b: 2 }], toolset).failure?.errorType).toBe('ast_decoder:decoder_wrong_output_format')
    expect(decodeResult([{ a: 'not json {' }], toolset).failure).toMatchObject({
      errorType: 'ast_decoder:decoder_failed',
    })
    expect(decodeResult('no calls here', toolset).failure?.errors[0]).toBe('no call found in the reply')
    const broken = decodeResult('<tool_call>{"name": "geometry_area", "arguments": {"base": </tool_call>', toolset)
    expect(broken.failure?.errorType).toBe('ast_decoder:decoder_failed')
    expect(broken.compliance.parsed).toBe(false)
    expect(broken.failure?.errors.join(' ')).toMatch(/invalid-json/)
  })

  it('keeps every call of a pythonic list, also of a function not offered (a wrong call is still a call)', () => {
    const extra = decodeResult('[geometry.area(base=2), geometry.perimeter(base=2)]', toolset)
    expect(extra.failure).toBeUndefined()
    expect(extra.calls).toEqual([{ 'geometry.area': { base: 2 } }, { 'geometry.perimeter': { base: 2 } }])
    expect(extra.compliance).toMatchObject({ format: 'pythonic' })
    expect(extra.compliance.diagnostics.map((d) => d.code)).toContain('unknown-tool-name')

    const onlyOther = decodeResult('[rectangle.perimeter(length=5, width=4)]', toolset)
    expect(onlyOther.failure).toBeUndefined()
    expect(onlyOther.calls).toEqual([{ 'rectangle.perimeter': { length: 5, width: 4 } }])
  })

  it('does not pass an irrelevance case whose reply calls a function that was not offered', () => {
    const irrelevance = { id: 'irrelevance_0', category: 'irrelevance' as const, messages: [], functions: [area] }
    const outcome = scoreReply({ ...irrelevance, expected: [] }, { result: '[rectangle.perimeter(length=5)]' })
    expect(outcome).toMatchObject({ valid: false, errorType: 'irrelevance_error:decoder_success' })
  })

  it('still finds no call in prose that only mentions a function', () => {
    const prose = decodeResult(
      'You could call geometry.area(base=2) for that, or [see the docs](https://x.y).',
      toolset,
    )
    expect(prose.calls).toEqual([])
    expect(prose.failure?.errors[0]).toBe('no call found in the reply')
    // A broken call of a function not offered reads as broken, as it would with a name offered.
    const broken = decodeResult('[math.pow(2, 5)]', toolset)
    expect(broken.failure?.errorType).toBe('ast_decoder:decoder_failed')
    expect(broken.failure?.errors.join(' ')).toMatch(/positional-argument/)
  })

  it('never lets a __proto__ key reach a prototype', () => {
    const decoded = decodeResult([{ geometry_area: '{"__proto__": {"polluted": 1}, "base": 1}' }], toolset)
    const args = decoded.calls[0]?.['geometry.area'] as Record<string, unknown>
    expect(Object.keys(args)).toEqual(['__proto__', 'base'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('decodeNative', () => {
  it('reads tool_calls by their model-facing names', () => {
    const decoded = decodeNative(
      '',
      [{ id: '1', type: 'function', function: { name: 'geometry_area', arguments: '{"base": 3}' } }],
      toolset,
    )
    expect(decoded.calls).toEqual([{ 'geometry.area': { base: 3 } }])
    expect(decoded.compliance).toMatchObject({ parsed: true, format: 'native' })
  })

  it('takes calls written into the text, and says so', () => {
    const decoded = decodeNative(
      '<tool_call>{"name": "geometry_area", "arguments": {"base": 3}}</tool_call>',
      [],
      toolset,
    )
    expect(decoded.calls).toHaveLength(1)
    expect(decoded.compliance.parsed).toBe(false)
    expect(decoded.compliance.diagnostics[0]?.code).toBe('calls-in-content')
  })

  it('is a clean reply with no call when the text holds no markup', () => {
    const decoded = decodeNative('Hello there.', [], toolset)
    expect(decoded.calls).toEqual([])
    expect(decoded.compliance.parsed).toBe(true)
    expect(decoded.failure?.errorType).toBe('ast_decoder:decoder_failed')
  })
})

describe('calls with no list around them', () => {
  it('reads `f(a=1)` as BFCL does, `[f(a=1)]`, and says so', () => {
    const decoded = decodeResult('geometry.area(base=4, height=2.5)', toolset)
    expect(decoded.failure).toBeUndefined()
    expect(decoded.calls).toEqual([{ 'geometry.area': { base: 4, height: 2.5 } }])
    expect(decoded.compliance.diagnostics[0]?.code).toBe('unbracketed-call-list')
    expect(decoded.compliance.parsed).toBe(true)
  })

  it('reads several, and leaves prose that merely mentions a call alone', () => {
    expect(decodeResult('geometry.area(base=1), geometry.area(base=2)', toolset).calls).toHaveLength(2)
    expect(decodeResult('You could call geometry.area(base=1) for that.', toolset).failure?.errorType).toBe(
      'ast_decoder:decoder_failed',
    )
  })
})

describe('values as the model wrote them', () => {
  it('keeps a quoted number a string in a pythonic call, so the type error is seen', () => {
    expect(decodeResult('[geometry.area(base="4")]', toolset).calls).toEqual([{ 'geometry.area': { base: '4' } }])
  })

  it('types the text values of an XML-invoke format by the schema', () => {
    const text = '<tool_call>\n<function=geometry_area>\n<parameter=base>\n4\n</parameter>\n</function>\n</tool_call>'
    expect(decodeResult(text, toolset).calls).toEqual([{ 'geometry.area': { base: 4 } }])
  })
})
