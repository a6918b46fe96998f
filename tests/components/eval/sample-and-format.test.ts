import { describe, expect, it } from 'vitest'
import { EVAL_CATEGORIES, scoreReply, type DecodedCall, type EvalCase } from '../../../src/core/eval'
import { SAMPLE_SUITE } from '../../../src/components/eval/sample-suite'
import {
  decodedCallText,
  durationText,
  expectedCallText,
  percent,
  questionOf,
} from '../../../src/components/eval/format'
import { planReply } from '../../../src/components/eval/reply-plans'

/** The calls a right reply makes: each expected call with the first accepted value that is not "may be left out". */
function rightCalls(testCase: EvalCase): DecodedCall[] {
  return testCase.expected.map((call) => {
    const [name, args] = Object.entries(call)[0]!
    const values = Object.entries(args).flatMap(([arg, accepted]) =>
      accepted[0] === '' ? [] : [[arg, accepted[0]] as const],
    )
    return { [name]: Object.fromEntries(values) }
  })
}

describe('the sample suite', () => {
  it('has unique ids and every category, one or two cases each', () => {
    expect(new Set(SAMPLE_SUITE.map((c) => c.id)).size).toBe(SAMPLE_SUITE.length)
    for (const category of EVAL_CATEGORIES) {
      const count = SAMPLE_SUITE.filter((c) => c.category === category).length
      expect(count, category).toBeGreaterThanOrEqual(1)
      expect(count, category).toBeLessThanOrEqual(2)
    }
  })

  it.each(SAMPLE_SUITE.map((c) => [c.id, c] as const))(
    '%s passes with its right calls and fails with a wrong one',
    (_, c) => {
      expect(scoreReply(c, { result: rightCalls(c) })).toMatchObject({ valid: true })
      const wrong: DecodedCall[] = c.expected.length === 0 ? [{ [c.functions[0]!.name]: {} }] : [{ unknown_tool: {} }]
      expect(scoreReply(c, { result: wrong }).valid).toBe(false)
    },
  )
})

describe('how the pane writes calls and numbers', () => {
  it('writes an expected call with every accepted value, marking a value that may be left out', () => {
    expect(expectedCallText({ get_weather: { city: ['Paris', 'Paris, France'], unit: ['', 'celsius'] } })).toBe(
      'get_weather(city="Paris"|"Paris, France", unit?="celsius")',
    )
    expect(decodedCallText({ 'math.factorial': { number: 7, exact: true } })).toBe(
      'math.factorial(number=7, exact=true)',
    )
  })

  it('takes the last user message as the question', () => {
    expect(questionOf(SAMPLE_SUITE[0]!)).toBe('What is the weather like in Paris right now?')
  })

  it('writes shares and durations', () => {
    expect(percent({ passed: 2, total: 3 })).toBe('66.7%')
    expect(percent({ passed: 0, total: 0 })).toBe('–')
    expect(durationText(850)).toBe('850 ms')
    expect(durationText(12_340)).toBe('12.3 s')
    expect(durationText(245_000)).toBe('4 min 05 s')
  })
})

describe('a reply read as the Parser reads it, over the case’s functions', () => {
  const weather = SAMPLE_SUITE[0]!

  it('plans each request with argument checks from the function’s schema', () => {
    const reply = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": 3}}\n</tool_call>'
    const read = planReply(reply, 'hermes', weather.functions)
    expect(read.requests).toHaveLength(1)
    const plan = read.plans[0]!
    expect(plan.verdict).not.toBe('unknown-tool')
    expect(plan.checks.map((c) => [c.name, c.state])).toContainEqual(['city', 'ok'])
  })

  it('plans a call by the function’s own dotted name as the tool it is (the card no longer says unknown tool)', () => {
    const factorial = SAMPLE_SUITE.find((c) => c.id === 'sample_simple_1')!
    const read = planReply('[math.factorial(number=7)]', 'auto', factorial.functions)
    expect(read.requests[0]?.toolName).toBe('math.factorial')
    expect(read.plans[0]?.verdict).toBe('ready')
    expect(read.plans[0]?.routingName).toBe('math_factorial')
  })

  it('says a tool the case does not offer is unknown, and never throws on a name that cannot be a tool', () => {
    const read = planReply('<tool_call>{"name": "book_flight", "arguments": {}}</tool_call>', 'hermes', [
      ...weather.functions,
      { name: '??', parameters: { properties: {} } },
    ])
    expect(read.plans[0]?.verdict).toBe('unknown-tool')
  })
})
