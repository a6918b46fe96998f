import { describe, expect, it } from 'vitest'
import { calls, codes, parse } from './helpers'

const weatherTools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string' },
          days: { type: 'integer' },
          metric: { type: 'boolean' },
          city: { type: 'string' },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search',
      parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } },
    },
  },
]

describe('DeepSeek V3.2 (DSML)', () => {
  const two =
    '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">杭州</｜DSML｜parameter>\n<｜DSML｜parameter name="date" string="true">2024-01-16</｜DSML｜parameter>\n</｜DSML｜invoke>\n' +
    '<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">北京</｜DSML｜parameter>\n<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'

  it('reads several invokes; string="true" is text and string="false" is JSON', () => {
    const result = parse('deepseek-v32', two)
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: { location: '杭州', date: '2024-01-16' } },
      { name: 'get_weather', arguments: { location: '北京', days: 3 } },
    ])
    expect(result.requests[1]?.start).toBe(two.lastIndexOf('<｜DSML｜invoke'))
    expect(codes(result)).toEqual([])
  })

  it('reads JSON objects and lists marked string="false"', () => {
    const text =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n<｜DSML｜parameter name="o" string="false">{"a": [1, true]}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
    expect(calls(parse('deepseek-v32', text))[0]?.arguments).toEqual({ o: { a: [1, true] } })
  })

  it('types by the schema when one is given, whatever the string attribute says', () => {
    const text =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="days" string="true">3</｜DSML｜parameter>\n<｜DSML｜parameter name="metric" string="false">true</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
    expect(calls(parse('deepseek-v32', text, { tools: weatherTools }))[0]?.arguments).toEqual({ days: 3, metric: true })
    expect(calls(parse('deepseek-v32', text))[0]?.arguments).toEqual({ days: '3', metric: true })
  })

  it('reads an invoke holding a JSON object instead of parameters', () => {
    const text =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n{"city": "Paris", "days": 2}\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
    expect(calls(parse('deepseek-v32', text))).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', days: 2 } }])
  })

  it('warns at the value when string="false" holds no JSON, and keeps the text', () => {
    const text =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n<｜DSML｜parameter name="x" string="false">not json</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
    const result = parse('deepseek-v32', text)
    expect(calls(result)[0]?.arguments).toEqual({ x: 'not json' })
    const warning = result.diagnostics.find((d) => d.code === 'argument-type')
    expect(warning?.offset).toBe(text.indexOf('not json'))
    expect(warning?.message).toMatch(
      /^DeepSeek V3\.2: the value of "x" does not read as declared: it is marked string="false"/,
    )
  })

  it('diagnoses invalid JSON in an invoke body at its place', () => {
    const text =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n{"city": Paris}\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
    const result = parse('deepseek-v32', text)
    expect(result.requests[0]?.valid).toBe(false)
    expect(result.requests[0]?.toolName).toBe('f')
    expect(result.diagnostics.find((d) => d.code === 'invalid-arguments')?.offset).toBe(text.indexOf('Paris}'))
  })

  it('finds no call in prose, nor in V3.1 markup', () => {
    expect(parse('deepseek-v32', 'DeepSeek V3.2 writes <｜DSML｜invoke name="x"> tags; not here.').requests).toEqual([])
    expect(
      parse(
        'deepseek-v32',
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      ).requests,
    ).toEqual([])
  })

  it('takes a call cut off inside a parameter, with warnings at the open tags', () => {
    const text = two.slice(0, two.indexOf('杭州') + 1)
    const result = parse('deepseek-v32', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { location: '杭' } }])
    expect(result.diagnostics.find((d) => d.code === 'unclosed-parameter')?.offset).toBe(
      text.indexOf('<｜DSML｜parameter'),
    )
    expect(codes(result)).toEqual(expect.arrayContaining(['unclosed-call', 'unclosed-section']))
  })
})

describe('Step-3', () => {
  const one =
    'Let me help you.\n<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="search">\n<steptml:parameter name="query">rust programming</steptml:parameter>\n<steptml:parameter name="limit">10</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>\nHere are the results...'

  it('reads one call; the span covers the section', () => {
    const result = parse('step3', one)
    expect(calls(result)).toEqual([{ name: 'search', arguments: { query: 'rust programming', limit: '10' } }])
    expect(result.requests[0]?.start).toBe(one.indexOf('<｜tool_calls_begin｜>'))
    expect(result.requests[0]?.end).toBe(one.indexOf('<｜tool_calls_end｜>') + '<｜tool_calls_end｜>'.length)
    expect(codes(result)).toEqual([])
  })

  it('types values by the schema', () => {
    expect(calls(parse('step3', one, { tools: weatherTools }))[0]?.arguments).toEqual({
      query: 'rust programming',
      limit: 10,
    })
  })

  it('reads several calls, each from <｜tool_call_begin｜> to <｜tool_call_end｜>', () => {
    const text =
      '<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="a">\n</steptml:invoke><｜tool_call_end｜>\n' +
      '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="b">\n<steptml:parameter name="x">1</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>'
    const result = parse('step3', text)
    expect(calls(result)).toEqual([
      { name: 'a', arguments: {} },
      { name: 'b', arguments: { x: '1' } },
    ])
    expect(result.requests[1]?.start).toBe(text.lastIndexOf('<｜tool_call_begin｜>'))
    expect(result.requests[1]?.end).toBe(text.lastIndexOf('<｜tool_call_end｜>') + '<｜tool_call_end｜>'.length)
  })

  it('finds no call in prose, nor in DeepSeek V3 markup (U+2581 instead of _)', () => {
    expect(parse('step3', 'Step-3 uses <steptml:invoke name="x"> inside its tokens.').requests).toEqual([])
    expect(
      parse(
        'step3',
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      ).requests,
    ).toEqual([])
  })

  it('reports a call with no invoke as an error at its place', () => {
    const text =
      '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>search(query="x")<｜tool_call_end｜><｜tool_calls_end｜>'
    const result = parse('step3', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'missing-tool-name')
    expect(error?.offset).toBe(text.indexOf('search('))
    expect(error?.message).toMatch(/^Step-3: /)
  })

  it('warns about a call type other than function', () => {
    const text =
      '<｜tool_calls_begin｜><｜tool_call_begin｜>plugin<｜tool_sep｜><steptml:invoke name="a"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>'
    const result = parse('step3', text)
    expect(calls(result)).toEqual([{ name: 'a', arguments: {} }])
    expect(result.diagnostics.find((d) => d.code === 'unknown-call-type')?.offset).toBe(text.indexOf('plugin'))
  })
})
