import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkCalls } from '../../../src/core/eval/checker'
import type { DecodedCall, EvalCategory, EvalFunction, EvalParameterSchema } from '../../../src/core/eval/types'
import { bookFlight, flightCase, getWeather, twoCities, type CheckedCase } from './checker-fixtures'

/** One parameter: its schema and its accepted values. */
interface ParamSpec {
  schema: EvalParameterSchema
  answers: unknown[]
}

const text = fc.string({ maxLength: 8 })
const scalar = fc.oneof(text, fc.integer(), fc.boolean())
const dictAnswer = fc.dictionary(
  fc.constantFrom('a', 'b', '__proto__', 'constructor'),
  fc.array(scalar, { minLength: 1, maxLength: 3 }),
)

function answersOf<T>(value: fc.Arbitrary<T>): fc.Arbitrary<unknown[]> {
  return fc
    .tuple(fc.array(value, { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([values, optional]) => (optional ? [...values, ''] : values))
}

const param: fc.Arbitrary<ParamSpec> = fc.oneof(
  answersOf(text).map((answers) => ({ schema: { type: 'string' }, answers })),
  answersOf(fc.integer()).map((answers) => ({ schema: { type: 'integer' }, answers })),
  answersOf(fc.double({ noNaN: true, noDefaultInfinity: true })).map((answers) => ({
    schema: { type: 'float' },
    answers,
  })),
  answersOf(fc.boolean()).map((answers) => ({ schema: { type: 'boolean' }, answers })),
  answersOf(fc.array(text, { maxLength: 3 })).map((answers) => ({
    schema: { type: 'array', items: { type: 'string' } },
    answers,
  })),
  answersOf(fc.array(fc.integer(), { maxLength: 3 })).map((answers) => ({
    schema: { type: 'tuple', items: { type: 'integer' } },
    answers,
  })),
  answersOf(dictAnswer).map((answers) => ({ schema: { type: 'dict' }, answers })),
  answersOf(fc.array(dictAnswer, { maxLength: 2 })).map((answers) => ({
    schema: { type: 'array', items: { type: 'dict' } },
    answers,
  })),
  answersOf(fc.oneof(text, fc.integer())).map((answers) => ({ schema: { type: 'any' }, answers: sameTypeAs(answers) })),
  answersOf(fc.constantFrom('$limit', 'max_value')).map((answers) => ({ schema: { type: 'integer' }, answers })),
)

// `any` is checked as BFCL's `str`: answers of one type, as real suites have.
function sameTypeAs(answers: unknown[]): unknown[] {
  const first = answers.find((answer) => answer !== '')
  return answers.filter((answer) => answer === '' || typeof answer === typeof first)
}

/** A value the expected answer accepts: a dict answer sends one accepted value per key it requires. */
function sendable(answer: unknown, choice: number): unknown {
  if (Array.isArray(answer)) return answer.map((item) => sendable(item, choice))
  if (answer === null || typeof answer !== 'object') return answer
  const sent: Record<string, unknown> = {}
  for (const [key, values] of Object.entries(answer as Record<string, unknown[]>)) {
    const accepted = values.filter((value) => value !== '')
    if (accepted.length > 0)
      Object.defineProperty(sent, key, { value: accepted[choice % accepted.length], enumerable: true })
  }
  return sent
}

const callSpec = fc.tuple(fc.dictionary(fc.constantFrom('p', 'q', 'r', 'toString'), param, { minKeys: 1 }), fc.nat())

function buildCall(name: string, [params, choice]: [Record<string, ParamSpec>, number]) {
  const properties: Record<string, EvalParameterSchema> = {}
  const expectedArgs: Record<string, unknown[]> = {}
  const args: Record<string, unknown> = {}
  for (const [key, spec] of Object.entries(params)) {
    properties[key] = spec.schema
    expectedArgs[key] = spec.answers
    const chosen = spec.answers[choice % spec.answers.length]
    if (chosen !== '') args[key] = sendable(chosen, choice)
  }
  const required = Object.keys(params).filter((key) => !params[key]?.answers.includes(''))
  const fn: EvalFunction = { name, parameters: { type: 'dict', properties, required } }
  return { fn, expected: { [name]: expectedArgs }, call: { [name.replace(/\./g, '_')]: args } }
}

describe('checker properties', () => {
  it('accepts any call built from accepted values, leaving out only optional arguments', () => {
    fc.assert(
      fc.property(fc.array(callSpec, { minLength: 1, maxLength: 3 }), (specs) => {
        const built = specs.map((spec, index) => buildCall(`ns.fn${index}`, spec))
        const category: EvalCategory = built.length === 1 ? 'simple' : 'parallel_multiple'
        const testCase: CheckedCase = {
          category,
          functions: built.map((entry) => entry.fn),
          expected: built.map((entry) => entry.expected),
        }
        const verdict = checkCalls(
          testCase,
          built.map((entry) => entry.call),
        )
        expect(verdict).toEqual({ valid: true, errors: [] })
      }),
      { numRuns: 500 },
    )
  })

  it('returns a verdict, never an exception, for any JSON-like reply', () => {
    const cases: CheckedCase[] = [
      flightCase({ destination: ['NYC'], passengers: [2], stops: [['A'], ''], preferences: [{ meal: ['x'] }, ''] }),
      twoCities,
      { category: 'multiple', functions: [getWeather, bookFlight], expected: [{ get_weather: { city: ['Rome'] } }] },
      { category: 'irrelevance', functions: [getWeather], expected: [] },
    ]
    const args = fc.dictionary(
      fc.constantFrom('destination', 'passengers', 'stops', 'preferences', 'city', '__proto__'),
      fc.jsonValue(),
    )
    const call = fc.oneof(
      fc.dictionary(fc.constantFrom('travel_book_flight', 'get_weather'), args, { minKeys: 1, maxKeys: 1 }),
      fc.jsonValue(),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.oneof(fc.array(call, { maxLength: 3 }), fc.jsonValue()),
        (testCase, decoded) => {
          const verdict = checkCalls(testCase, decoded as DecodedCall[])
          expect(typeof verdict.valid).toBe('boolean')
          expect(Array.isArray(verdict.errors)).toBe(true)
          expect(verdict.errorType).not.toBe('checker:internal_error')
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('checker: hostile input', () => {
  const flight = flightCase({ destination: ['NYC'], passengers: [2], preferences: [{ meal: ['x'] }, ''] })

  it('returns a verdict for null arguments, prototype keys, huge and deep values', () => {
    const deep = JSON.parse('['.repeat(5000) + ']'.repeat(5000)) as unknown
    const replies: unknown[] = [
      null,
      [null],
      [{ travel_book_flight: null }],
      JSON.parse('[{"travel_book_flight": {"__proto__": {"destination": "NYC"}, "passengers": 2}}]'),
      JSON.parse(
        '[{"travel_book_flight": {"destination": "NYC", "passengers": 2, "preferences": {"__proto__": "x"}}}]',
      ),
      [{ travel_book_flight: { destination: 'NYC', passengers: 2, constructor: 1 } }],
      [{ travel_book_flight: { destination: Array.from({ length: 200_000 }, () => 'x'), passengers: 2 } }],
      [{ travel_book_flight: { destination: deep, passengers: deep } }],
    ]
    for (const decoded of replies) {
      const verdict = checkCalls(flight, decoded as DecodedCall[])
      expect(verdict.valid).toBe(false)
      expect(verdict.errorType).not.toBe('checker:internal_error')
    }
  })

  it('does not read schema or answers through the prototype', () => {
    const verdict = checkCalls(flight, [{ travel_book_flight: { destination: 'NYC', passengers: 2, toString: 'x' } }])
    expect(verdict).toEqual({
      valid: false,
      errors: ["Unexpected parameter: 'toString'."],
      errorType: 'simple_function_checker:unexpected_param',
    })
  })

  it('turns a throwing getter into a verdict', () => {
    const args = { destination: 'NYC' }
    Object.defineProperty(args, 'passengers', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expect(checkCalls(flight, [{ travel_book_flight: args }]).errorType).toBe('checker:internal_error')
  })
})
