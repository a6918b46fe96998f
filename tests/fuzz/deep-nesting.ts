/**
 * Replies with one value nested thousands deep, for the `deep` target of `npm run fuzz`: a call
 * written by the protocol or native format itself, cut at any place, and there a run of one
 * opening piece repeated up to 20,000 times. The pieces are the grammar's own (its openers and
 * pieces that open something: tags, brackets, value markers) and the plain ones every reader
 * meets (brackets, braces, parentheses, quotes). A valid call may come before it and prose after.
 * A reader that recurses once per level overflows the stack on these; the oracle then sees a
 * throw, a `parser-failure` or a stream that ends unlike the one-shot parse.
 */
import fc from 'fast-check'
import { NATIVE_FORMATS } from '../../src/core/protocols/native/formats'
import { hermesProtocol } from '../../src/core/protocols/json/hermes'
import { jsonBlockProtocol } from '../../src/core/protocols/json/json-block'
import { xmlProtocol } from '../../src/core/protocols/json/xml-tag'
import { JSON_PIECES, VALUE_OPENS, VCP_MARKERS } from './replies'

export interface DeepCase {
  /** A text protocol (vcp, json, xml, hermes) or a native format's id. */
  protocol: string
  text: string
}

/** Openings every reader meets, whatever its grammar. */
const PLAIN_OPENINGS = ['[', '{', '(', '{"a":', '["a",', '[{', "{'a':", '"', "'", '<a>', '\\"', 'f(']

/** Past this many characters the run stops, so a case stays well within the fuzz budget. */
const RUN_CHARACTERS = 24_000
const MAX_DEPTH = 20_000

/** One call per grammar, to cut and nest in; `[1]` is where a value goes. */
interface Grammar {
  protocol: string
  call: (toolName: string) => string
  openings: readonly string[]
}

const opensSomething = (piece: string): boolean => /[[{(<"'「]/.test(piece)

const VCP: Grammar = {
  protocol: 'vcp',
  call: (toolName) =>
    `<<<[TOOL_REQUEST]>>>\ntool_name:「始」${toolName}「末」,\nexpression:「始」[1]「末」\n<<<[END_TOOL_REQUEST]>>>`,
  openings: [...VCP_MARKERS, ...VALUE_OPENS],
}

const JSON_GRAMMARS: Grammar[] = [jsonBlockProtocol, xmlProtocol, hermesProtocol].map((protocol) => ({
  protocol: protocol.id,
  call: (toolName) => protocol.renderCall({ toolName, arguments: { data: [1] } }),
  openings: JSON_PIECES.filter(opensSomething),
}))

const NATIVE_GRAMMARS: Grammar[] = NATIVE_FORMATS.map((format) => ({
  protocol: format.id,
  call: (toolName) => format.render({ toolName, arguments: { data: [1] } }),
  openings: [...format.openers, ...format.pieces].filter(opensSomething),
}))

export const GRAMMARS: readonly Grammar[] = [VCP, ...JSON_GRAMMARS, ...NATIVE_GRAMMARS]

function deepCaseArbOf(grammar: Grammar): fc.Arbitrary<DeepCase> {
  const call = grammar.call('probe')
  const valueAt = Math.max(0, call.indexOf('[1]'))
  return fc
    .record({
      before: fc.boolean(),
      // Mostly where the value goes; anywhere in the call otherwise.
      cut: fc.oneof({ weight: 3, arbitrary: fc.constant(valueAt) }, fc.nat({ max: call.length })),
      opening: fc.constantFrom(...PLAIN_OPENINGS, ...grammar.openings),
      depth: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 2_000, max: MAX_DEPTH })),
      closed: fc.boolean(),
      after: fc.constantFrom('', '\n', 'Done.', call),
    })
    .map(({ before, cut, opening, depth, closed, after }) => {
      const closer = closed ? closerOf(opening) : ''
      const levels = Math.max(1, Math.min(depth, Math.floor(RUN_CHARACTERS / (opening.length + closer.length))))
      // Closed, the innermost value is a number, so brackets and braces close into valid JSON.
      const run = opening.repeat(levels) + (closed ? '1' + closer.repeat(levels) : '')
      const head = before ? `Let me check.\n${grammar.call('get_weather')}\n` : ''
      return { protocol: grammar.protocol, text: head + call.slice(0, cut) + run + call.slice(cut) + after }
    })
}

/** What closes an opening's brackets (a tag's closing tag), in reverse; quotes are left open. */
function closerOf(opening: string): string {
  if (/^<[^/]/.test(opening)) return opening.replace('<', '</')
  const pairs: Record<string, string> = { '[': ']', '{': '}', '(': ')', '「': '」' }
  return [...opening]
    .reverse()
    .map((c) => pairs[c] ?? '')
    .join('')
}

/** A case of any grammar. */
export const deepCaseArb: fc.Arbitrary<DeepCase> = fc.constantFrom(...GRAMMARS).chain(deepCaseArbOf)
