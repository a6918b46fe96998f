/**
 * Small BFCL-shaped functions and cases for the checker tests (schemas use BFCL's `"type": "dict"`).
 */
import type { EvalCase, EvalFunction } from '../../../src/core/eval/types'

export type CheckedCase = Pick<EvalCase, 'category' | 'functions' | 'expected'>

/** A function with one parameter of each kind the checker treats apart. */
export const bookFlight: EvalFunction = {
  name: 'travel.book_flight',
  description: 'Books a flight.',
  parameters: {
    type: 'dict',
    properties: {
      destination: { type: 'string' },
      passengers: { type: 'integer' },
      budget: { type: 'float' },
      refundable: { type: 'boolean' },
      stops: { type: 'array', items: { type: 'string' } },
      seats: { type: 'tuple', items: { type: 'integer' } },
      preferences: { type: 'dict', properties: { meal: { type: 'string' }, window: { type: 'boolean' } } },
      legs: { type: 'array', items: { type: 'dict' } },
      note: { type: 'any' },
    },
    required: ['destination', 'passengers'],
  },
}

export const getWeather: EvalFunction = {
  name: 'get_weather',
  parameters: {
    type: 'dict',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
  },
}

export const getTime: EvalFunction = {
  name: 'get_time',
  parameters: { type: 'dict', properties: { zone: { type: 'string' } }, required: ['zone'] },
}

/** A simple case on {@link bookFlight}; `args` are the expected argument values. */
export function flightCase(args: Record<string, unknown[]>): CheckedCase {
  return { category: 'simple', functions: [bookFlight], expected: [{ 'travel.book_flight': args }] }
}

/** A parallel case: the weather in two cities. */
export const twoCities: CheckedCase = {
  category: 'parallel',
  functions: [getWeather],
  expected: [
    { get_weather: { city: ['Paris', 'Paris, France'], unit: ['celsius', ''] } },
    { get_weather: { city: ['Tokyo'], unit: ['celsius', ''] } },
  ],
}

/** A multiple case: two functions offered, the time expected. */
export const timeAmongTwo: CheckedCase = {
  category: 'multiple',
  functions: [getWeather, getTime],
  expected: [{ get_time: { zone: ['Europe/Berlin', 'CET'] } }],
}
