import { describe, expect, it } from 'vitest'
import { checkCalls } from '../../../src/core/eval/checker'
import type { CheckVerdict, EvalFunction } from '../../../src/core/eval/types'
import { flightCase } from './checker-fixtures'

/** Checks one call to the flight function whose required arguments are right, plus `extra`. */
function check(expected: Record<string, unknown[]>, extra: Record<string, unknown>): CheckVerdict {
  const testCase = flightCase({ destination: ['NYC'], passengers: [2], ...expected })
  return checkCalls(testCase, [{ travel_book_flight: { destination: 'NYC', passengers: 2, ...extra } }])
}

describe('checker: numbers and booleans', () => {
  it('accepts an int where a float is declared, and prints it as a float', () => {
    expect(check({ budget: [450.0] }, { budget: 450 }).valid).toBe(true)
    expect(check({ budget: [450.5] }, { budget: 450 }).errors).toEqual([
      "Invalid value for parameter 'budget': 450.0. Expected one of [450.5].",
    ])
  })

  it('refuses a float where an integer is declared', () => {
    expect(
      checkCalls(flightCase({ destination: ['NYC'], passengers: [2] }), [
        { travel_book_flight: { destination: 'NYC', passengers: 2.5 } },
      ]),
    ).toEqual({
      valid: false,
      errors: ["Incorrect type for parameter 'passengers'. Expected type integer, got float. Parameter value: 2.5."],
      errorType: 'type_error:simple',
    })
  })

  it('does not take a boolean for a number, nor a number for a boolean', () => {
    expect(check({ budget: [1.0] }, { budget: true }).errorType).toBe('type_error:simple')
    expect(check({ refundable: [true] }, { refundable: 1 }).errors).toEqual([
      "Incorrect type for parameter 'refundable'. Expected type boolean, got int. Parameter value: 1.",
    ])
    expect(check({ refundable: [false, ''] }, { refundable: false }).valid).toBe(true)
  })
})

describe('checker: strings', () => {
  it('compares after dropping case, spaces and ,./-_*^', () => {
    const expected = { note: ['April 1, 2024'] }
    for (const note of ['april 1 2024', 'APRIL 1,2024', 'April-1.2024', 'a_p*r^i/l 1 2024']) {
      expect(check(expected, { note }).valid).toBe(true)
    }
    expect(check(expected, { note: 'April 2, 2024' })).toEqual({
      valid: false,
      errors: [
        "Invalid value for parameter 'note': 'April 2, 2024'. Expected one of ['April 1, 2024']. Case insensitive.",
      ],
      errorType: 'value_error:string',
    })
  })

  it('treats a string given for another type as a variable name, compared exactly', () => {
    expect(check({ budget: ['max_budget'] }, { budget: 'max_budget' }).valid).toBe(true)
    expect(check({ budget: ['max_budget'] }, { budget: 'MAX_BUDGET' }).errorType).toBe('value_error:others')
    expect(check({ budget: [100.5] }, { budget: 'max_budget' }).errorType).toBe('type_error:simple')
  })
})

describe('checker: lists', () => {
  it('keeps the order and standardizes string items', () => {
    const expected = { stops: [['Boston', 'Chicago'], ['Chicago']] }
    expect(check(expected, { stops: ['boston', 'CHICAGO'] }).valid).toBe(true)
    expect(check(expected, { stops: ['Chicago'] }).valid).toBe(true)
    expect(check(expected, { stops: ['Chicago', 'Boston'] })).toEqual({
      valid: false,
      errors: [
        "Invalid value for parameter 'stops': ['Chicago', 'Boston']. Expected one of [['Boston', 'Chicago'], ['Chicago']].",
      ],
      errorType: 'value_error:list/tuple',
    })
  })

  it('checks the items type one level deep', () => {
    expect(check({ seats: [[12, 13]] }, { seats: [12, 13] }).valid).toBe(true)
    expect(check({ seats: [[12, 13]] }, { seats: [12, '13'] })).toEqual({
      valid: false,
      errors: [
        "Nested type checking failed for parameter 'seats'. Expected outer type tuple with inner type <class 'int'>. Parameter value: [12, '13'].",
      ],
      errorType: 'type_error:nested',
    })
  })
})

describe('checker: dicts', () => {
  const expected = { preferences: [{ meal: ['vegan', 'vegetarian'], window: [true, ''] }] }

  it('checks key by key, letting optional keys be left out', () => {
    expect(check(expected, { preferences: { meal: 'Vegan', window: true } }).valid).toBe(true)
    expect(check(expected, { preferences: { meal: 'vegetarian' } }).valid).toBe(true)
  })

  it('reports an unexpected key, a wrong value and a missing key', () => {
    expect(check(expected, { preferences: { meal: 'vegan', aisle: true } })).toEqual({
      valid: false,
      errors: ["Unexpected dict key parameter: 'aisle'."],
      errorType: 'value_error:dict_key',
    })
    expect(check(expected, { preferences: { meal: 'Fish' } })).toEqual({
      valid: false,
      errors: ["Invalid value for parameter 'meal': 'Fish'. Expected one of ['vegan', 'vegetarian']."],
      errorType: 'value_error:dict_value',
    })
    expect(check(expected, { preferences: { window: true } })).toEqual({
      valid: false,
      errors: ["Missing dict key parameter: 'meal'."],
      errorType: 'value_error:dict_key',
    })
  })

  it('checks a list of dicts position by position', () => {
    const legs = {
      legs: [
        [
          { from: ['NYC'], to: ['BOS'] },
          { from: ['BOS'], to: ['ORD'] },
        ],
      ],
    }
    const there = { from: 'nyc', to: 'bos' }
    const onward = { from: 'BOS', to: 'ORD' }
    expect(check(legs, { legs: [there, onward] }).valid).toBe(true)
    expect(check(legs, { legs: [onward, there] }).errorType).toBe('value_error:dict_value')
    expect(check(legs, { legs: [there] })).toEqual({
      valid: false,
      errors: ['Wrong number of dictionaries in the list.'],
      errorType: 'value_error:list_dict_count',
    })
  })
})

describe('checker: type names', () => {
  it('maps any to str as BFCL does: a string, or a value of the answers type', () => {
    expect(check({ note: ['window seat'] }, { note: 'Window Seat' }).valid).toBe(true)
    expect(check({ note: [3] }, { note: 3 }).valid).toBe(true)
    expect(check({ note: ['3'] }, { note: 3 }).errorType).toBe('type_error:simple')
  })

  it('reads the JSON Schema names object and number as dict and float', () => {
    const fn: EvalFunction = {
      name: 'pay',
      parameters: { type: 'object', properties: { amount: { type: 'number' }, meta: { type: 'object' } } },
    }
    const testCase = {
      category: 'simple' as const,
      functions: [fn],
      expected: [{ pay: { amount: [10.5], meta: [{ k: ['v'] }] } }],
    }
    expect(checkCalls(testCase, [{ pay: { amount: 10.5, meta: { k: 'V' } } }]).valid).toBe(true)
    expect(checkCalls(testCase, [{ pay: { amount: 10.5, meta: { k: 'w' } } }]).errorType).toBe('value_error:dict_value')
    expect(checkCalls(testCase, [{ pay: { amount: '10.5', meta: { k: 'v' } } }]).errorType).toBe('type_error:simple')
  })

  it('compares by Python equality where no type is known', () => {
    const fn: EvalFunction = { name: 'f', parameters: { properties: { x: { type: 'long' }, y: {} } } }
    const testCase = { category: 'simple' as const, functions: [fn], expected: [{ f: { x: [1], y: [true] } }] }
    expect(checkCalls(testCase, [{ f: { x: true, y: 1 } }]).valid).toBe(true)
    expect(checkCalls(testCase, [{ f: { x: 2, y: 1 } }]).errorType).toBe('value_error:others')
  })
})
