import { describe, expect, it } from 'vitest'
import { checkCalls } from '../../../src/core/eval/checker'
import type { DecodedCall } from '../../../src/core/eval/types'
import { flightCase, getWeather, timeAmongTwo, twoCities, type CheckedCase } from './checker-fixtures'

const flight = flightCase({
  destination: ['New York', 'NYC'],
  passengers: [2],
  budget: [450.5, ''],
  refundable: [true, ''],
})

describe('checkCalls: simple', () => {
  it('accepts the expected call, and the name with dots as underscores', () => {
    const args = { destination: 'NYC', passengers: 2 }
    expect(checkCalls(flight, [{ 'travel.book_flight': args }])).toEqual({ valid: true, errors: [] })
    expect(checkCalls(flight, [{ travel_book_flight: args }]).valid).toBe(true)
  })

  it('wants exactly one call', () => {
    const call = { 'travel.book_flight': { destination: 'NYC', passengers: 2 } }
    for (const calls of [[], [call, call]]) {
      expect(checkCalls(flight, calls)).toEqual({
        valid: false,
        errors: ['Wrong number of functions.'],
        errorType: 'simple_function_checker:wrong_count',
      })
    }
  })

  it('names a wrong function by the expected name', () => {
    expect(checkCalls(flight, [{ 'travel-book-flight': { destination: 'NYC', passengers: 2 } }])).toEqual({
      valid: false,
      errors: ["Function name 'travel.book_flight' not found in model output."],
      errorType: 'simple_function_checker:wrong_func_name',
    })
  })

  it('reports a missing required argument before anything else', () => {
    expect(checkCalls(flight, [{ 'travel.book_flight': { destination: 42 } }])).toEqual({
      valid: false,
      errors: ["Missing required parameter: 'passengers'."],
      errorType: 'simple_function_checker:missing_required',
    })
  })

  it('refuses an argument the schema or the expected call lacks', () => {
    const notExpected = { destination: 'NYC', passengers: 2, stops: ['Boston'] }
    const notInSchema = { destination: 'NYC', passengers: 2, airline: 'KLM' }
    for (const args of [notExpected, notInSchema]) {
      const verdict = checkCalls(flight, [{ 'travel.book_flight': args }])
      expect(verdict.errorType).toBe('simple_function_checker:unexpected_param')
    }
    expect(checkCalls(flight, [{ 'travel.book_flight': notInSchema }]).errors).toEqual([
      "Unexpected parameter: 'airline'.",
    ])
  })

  it('lets an argument be left out only when "" is among its values', () => {
    const withOptionalMissing = flightCase({ destination: ['NYC'], passengers: [2], budget: [450.5] })
    expect(checkCalls(withOptionalMissing, [{ 'travel.book_flight': { destination: 'NYC', passengers: 2 } }])).toEqual({
      valid: false,
      errors: ["Optional parameter 'budget' not provided and not marked as optional."],
      errorType: 'simple_function_checker:missing_optional',
    })
  })

  it('reports a value that is not accepted, with Python reprs', () => {
    const verdict = checkCalls(flight, [{ 'travel.book_flight': { destination: 'NYC', passengers: 3 } }])
    expect(verdict).toEqual({
      valid: false,
      errors: ["Invalid value for parameter 'passengers': 3. Expected one of [2]."],
      errorType: 'value_error:others',
    })
  })
})

describe('checkCalls: multiple', () => {
  it('finds the expected function among those offered', () => {
    expect(checkCalls(timeAmongTwo, [{ get_time: { zone: 'cet' } }]).valid).toBe(true)
    expect(checkCalls(timeAmongTwo, [{ get_weather: { city: 'Berlin' } }]).errorType).toBe(
      'simple_function_checker:wrong_func_name',
    )
  })

  it('wants as many calls as expected', () => {
    const call = { get_time: { zone: 'CET' } }
    expect(checkCalls(timeAmongTwo, [call, call])).toEqual({
      valid: false,
      errors: ['Wrong number of functions.'],
      errorType: 'multiple_function_checker:wrong_count',
    })
  })
})

describe('checkCalls: parallel', () => {
  const paris = { get_weather: { city: 'paris, france' } }
  const tokyo = { get_weather: { city: 'Tokyo', unit: 'celsius' } }

  it('accepts the calls in any order', () => {
    expect(checkCalls(twoCities, [paris, tokyo]).valid).toBe(true)
    expect(checkCalls(twoCities, [tokyo, paris]).valid).toBe(true)
    expect(checkCalls({ ...twoCities, category: 'parallel_multiple' }, [tokyo, paris]).valid).toBe(true)
  })

  it('wants as many calls as expected', () => {
    expect(checkCalls(twoCities, [paris]).errorType).toBe('parallel_function_checker_no_order:wrong_count')
  })

  it('lists, for the first expected call left unmatched, why each remaining call failed', () => {
    const rome = { get_weather: { city: 'Rome' } }
    const verdict = checkCalls(twoCities, [paris, rome])
    expect(verdict.errorType).toBe('parallel_function_checker_no_order:cannot_find_match')
    expect(verdict.errors).toEqual([
      'Could not find a matching function among index [1] of model output for index 1 of possible answers.',
      {
        'Model Result Index 1': {
          sub_error: ["Invalid value for parameter 'city': 'Rome'. Expected one of ['Tokyo']. Case insensitive."],
          sub_error_type: 'value_error:string',
          model_output_item: rome,
          possible_answer_item: twoCities.expected[1],
        },
      },
    ])
  })

  it('matches greedily in the order of the expected calls', () => {
    // The first expected call takes the first call that fits it, even if a later one fits too.
    const either: CheckedCase = {
      category: 'parallel',
      functions: [getWeather],
      expected: [{ get_weather: { city: ['Oslo', 'Bergen'] } }, { get_weather: { city: ['Oslo'] } }],
    }
    const verdict = checkCalls(either, [{ get_weather: { city: 'Oslo' } }, { get_weather: { city: 'Bergen' } }])
    expect(verdict.valid).toBe(false)
    expect(verdict.errors[0]).toBe(
      'Could not find a matching function among index [1] of model output for index 1 of possible answers.',
    )
  })
})

describe('checkCalls: irrelevance', () => {
  const none: CheckedCase = { category: 'irrelevance', functions: [getWeather], expected: [] }

  it('passes when no call was made', () => {
    expect(checkCalls(none, [])).toEqual({ valid: true, errors: [] })
    expect(checkCalls(none, [{}] as DecodedCall[]).valid).toBe(true)
  })

  it('fails with BFCL label and words when a call was made', () => {
    expect(checkCalls(none, [{ get_weather: { city: 'Paris' } }])).toEqual({
      valid: false,
      errors: ['Valid syntax. Successfully decode AST when it should not.'],
      errorType: 'irrelevance_error:decoder_success',
    })
  })
})

describe('checkCalls: malformed input', () => {
  it('labels calls that are not {name: {args}}', () => {
    const bad = [[{ get_weather: null }], [{ a: {}, b: {} }], [null], [[]], 'text'] as unknown as DecodedCall[][]
    for (const decoded of bad) {
      expect(checkCalls(twoCities, decoded).errorType).toBe('ast_decoder:decoder_wrong_output_format')
    }
  })

  it('labels a case it cannot check instead of throwing', () => {
    const noExpected: CheckedCase = { category: 'simple', functions: [getWeather], expected: [] }
    const notOffered: CheckedCase = { ...timeAmongTwo, functions: [getWeather] }
    expect(checkCalls(noExpected, [{ get_weather: { city: 'Paris' } }]).errorType).toBe('checker:invalid_case')
    expect(checkCalls(notOffered, [{ get_time: { zone: 'CET' } }])).toEqual({
      valid: false,
      errors: ["Function 'get_time' is expected but not offered."],
      errorType: 'checker:invalid_case',
    })
  })
})
