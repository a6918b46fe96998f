/**
 * A small built-in suite to try the lab with no file at hand: one or two cases of every category,
 * BFCL-shaped (BFCL's type names, `""` for an argument that may be left out).
 */
import type { EvalCase, EvalFunction } from '../../core/eval'

const getWeather: EvalFunction = {
  name: 'get_weather',
  description: 'Get the current weather in a city.',
  parameters: {
    type: 'dict',
    properties: {
      city: { type: 'string', description: 'The city, e.g. Paris.' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'The temperature unit.' },
    },
    required: ['city'],
  },
}

const factorial: EvalFunction = {
  name: 'math.factorial',
  description: 'Calculate the factorial of a non-negative integer.',
  parameters: {
    type: 'dict',
    properties: { number: { type: 'integer', description: 'The number.' } },
    required: ['number'],
  },
}

const convertCurrency: EvalFunction = {
  name: 'finance.convert_currency',
  description: 'Convert an amount of money from one currency to another.',
  parameters: {
    type: 'dict',
    properties: {
      amount: { type: 'float', description: 'The amount to convert.' },
      from_currency: { type: 'string', description: 'ISO code of the currency held, e.g. EUR.' },
      to_currency: { type: 'string', description: 'ISO code of the currency wanted, e.g. USD.' },
    },
    required: ['amount', 'from_currency', 'to_currency'],
  },
}

const bookTable: EvalFunction = {
  name: 'restaurant.book_table',
  description: 'Book a table at a restaurant.',
  parameters: {
    type: 'dict',
    properties: {
      restaurant: { type: 'string', description: 'The restaurant name.' },
      people: { type: 'integer', description: 'How many people.' },
      time: { type: 'string', description: 'The time, as HH:MM.' },
    },
    required: ['restaurant', 'people', 'time'],
  },
}

const user = (content: string): EvalCase['messages'] => [{ role: 'user', content }]

/** The sample suite, seven cases: two simple, one multiple, one parallel, one parallel_multiple, two irrelevance. */
export const SAMPLE_SUITE: readonly EvalCase[] = [
  {
    id: 'sample_simple_0',
    category: 'simple',
    messages: user('What is the weather like in Paris right now?'),
    functions: [getWeather],
    expected: [{ get_weather: { city: ['Paris', 'Paris, France'], unit: ['', 'celsius'] } }],
  },
  {
    id: 'sample_simple_1',
    category: 'simple',
    messages: user('Calculate the factorial of 7.'),
    functions: [factorial],
    expected: [{ 'math.factorial': { number: [7] } }],
  },
  {
    id: 'sample_multiple_0',
    category: 'multiple',
    messages: user('How many US dollars do I get for 250 euros?'),
    functions: [getWeather, convertCurrency, factorial],
    expected: [{ 'finance.convert_currency': { amount: [250.0], from_currency: ['EUR'], to_currency: ['USD'] } }],
  },
  {
    id: 'sample_parallel_0',
    category: 'parallel',
    messages: user('Tell me the weather in Tokyo and in Berlin, in celsius.'),
    functions: [getWeather],
    expected: [
      { get_weather: { city: ['Tokyo', 'Tokyo, Japan'], unit: ['celsius'] } },
      { get_weather: { city: ['Berlin', 'Berlin, Germany'], unit: ['celsius'] } },
    ],
  },
  {
    id: 'sample_parallel_multiple_0',
    category: 'parallel_multiple',
    messages: user('Book a table for 4 at Chez Marie at 19:30, and convert 80 GBP to EUR for the bill.'),
    functions: [bookTable, convertCurrency],
    expected: [
      { 'restaurant.book_table': { restaurant: ['Chez Marie'], people: [4], time: ['19:30'] } },
      { 'finance.convert_currency': { amount: [80.0], from_currency: ['GBP'], to_currency: ['EUR'] } },
    ],
  },
  {
    id: 'sample_irrelevance_0',
    category: 'irrelevance',
    messages: user('Who wrote the novel "Pride and Prejudice"?'),
    functions: [getWeather, factorial],
    expected: [],
  },
  {
    id: 'sample_irrelevance_1',
    category: 'irrelevance',
    messages: user('Book me a flight from Rome to Madrid next Friday.'),
    functions: [bookTable],
    expected: [],
  },
]

/** The name the sample suite is listed under in runs. */
export const SAMPLE_SUITE_NAME = 'sample'
