/**
 * Replies in the models' native formats, built from each format's own pieces (its markers,
 * separators, names and values, `NativeFormat.pieces`), its example whole and cut short, other
 * formats' openers (the places auto must tell apart) and prose; for the property tests and the
 * `native` target of `npm run fuzz`.
 */
import fc from 'fast-check'
import { NATIVE_FORMATS } from '../../src/core/protocols/native/formats'

export interface NativeCase {
  format: string
  text: string
  /** Hints the case is parsed with besides none: a model that writes the format, tools named in it. */
  tools?: unknown[]
}

const PROSE = [
  '\n',
  ' ',
  'Sure, ',
  'I will call ',
  'the tool ',
  '```\n',
  '```json\n',
  '<think>',
  '</think>',
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  ':',
  ',',
  '=',
  '<',
  '>',
  '|',
  '｜',
  '\\',
]
const ALL_OPENERS = [...new Set(NATIVE_FORMATS.flatMap((f) => f.openers))]
const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } },
      },
    },
  },
  {
    type: 'function',
    function: { name: 'calc_evaluate', parameters: { type: 'object', properties: { expression: { type: 'string' } } } },
  },
]

function pieceArb(format: (typeof NATIVE_FORMATS)[number]): fc.Arbitrary<string> {
  const own = format.pieces.length > 0 ? format.pieces : format.openers
  const example = format.example
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...own) },
    { weight: 2, arbitrary: fc.constant(example) },
    { weight: 2, arbitrary: fc.nat({ max: example.length }).map((n) => example.slice(0, n)) },
    { weight: 1, arbitrary: fc.nat({ max: example.length }).map((n) => example.slice(n)) },
    { weight: 2, arbitrary: fc.constantFrom(...PROSE) },
    { weight: 1, arbitrary: fc.constantFrom(...ALL_OPENERS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  )
}

export const nativeCaseArb: fc.Arbitrary<NativeCase> = fc
  .constantFrom(...NATIVE_FORMATS)
  .chain((format) =>
    fc.record({
      format: fc.constant(format.id),
      text: fc.array(pieceArb(format), { maxLength: 40 }).map((parts) => parts.join('')),
      tools: fc.option(fc.constant(TOOLS), { nil: undefined }),
    }),
  )
  .map((c) => (c.tools === undefined ? { format: c.format, text: c.text } : c))

/** One format's cases, for its property test. */
export function nativeCaseArbFor(formatId: string): fc.Arbitrary<NativeCase> {
  const format = NATIVE_FORMATS.find((f) => f.id === formatId)
  if (!format) throw new Error(`no native format ${formatId}`)
  return fc
    .record({
      format: fc.constant(format.id),
      text: fc.array(pieceArb(format), { maxLength: 40 }).map((parts) => parts.join('')),
      tools: fc.option(fc.constant(TOOLS), { nil: undefined }),
    })
    .map((c) => (c.tools === undefined ? { format: c.format, text: c.text } : c))
}
