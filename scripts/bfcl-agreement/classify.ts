/**
 * Why our verdict on a reply differs from BFCL's, in named classes, read from the reply, both
 * sides' decoded calls and error messages. The first rule that fits wins; the rules are
 * heuristics over text, so the classes are for reading a report, not for scoring.
 */

/** What a disagreement is classified from. */
export interface Disagreement {
  measure: 'checker' | 'endToEnd'
  ours: string
  bfcl: string
  /** The reply as stored. */
  result: unknown
  /** Our decoding errors and diagnostics, and BFCL's error entry, as text. */
  oursErrors: string
  bfclErrors: string
  oursDecoded: unknown
  bfclDecoded: unknown
  /** A whole number was written as a float in the reply or the possible answers. */
  floatWritten: boolean
  /** The names of the functions the case offers. */
  functionNames: readonly string[]
}

/** The class of JS numbers: `5` and `5.0` read the same, so int/float checks cannot be repeated. */
export const INT_FLOAT = 'int/float indistinguishable'

type Rule = [name: string, fits: (d: Disagreement, text: string) => boolean]

const NO_CALL = 'no call found in the reply'
const FLOAT_TYPE = /inner type <class 'float'>|Expected type float|got float/
const JSON_REPLY = /^\[?\s*\{/
const JSON_LITERAL = /(?:[=:,[]\s*)(true|false|null)\b/

// Sorted keys and dotted names as underscores, so both sides' calls compare as data.
function canonical(value: unknown, depth = 0): string {
  if (depth > 50) return '...'
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item, depth + 1)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'undefined'
}

// Both sides checked the same calls (a reply with none is not evidence of a number problem).
function sameCalls(d: Disagreement): boolean {
  if (d.measure === 'checker') return true
  const names = (calls: unknown): string => canonical(calls).replace(/\./g, '_')
  return Array.isArray(d.oursDecoded) && d.oursDecoded.length > 0 && names(d.oursDecoded) === names(d.bfclDecoded)
}

function stripped(text: string): string {
  return text.replace(/^[`\n ]+|[`\n ]+$/g, '')
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0
}

function noCall(d: Disagreement): boolean {
  return d.ours === 'ast_decoder:decoder_failed' && d.oursErrors.startsWith(NO_CALL)
}

// Our side found nothing, or (for irrelevance) passed because it found nothing.
function ourNothing(d: Disagreement): boolean {
  return noCall(d) || (d.ours === 'valid' && d.bfcl === 'irrelevance_error:decoder_success')
}

function underscored(d: Disagreement, text: string): boolean {
  const wrongName = /wrong_func_name|not found in model output/.test(`${d.bfcl} ${d.bfclErrors}`)
  const names = d.functionNames.filter((name) => name.includes('.')).map((name) => name.replace(/\./g, '_'))
  return wrongName && names.some((name) => text.includes(`${name}(`) || text.includes(`"${name}"`))
}

function callArguments(calls: unknown): Record<string, unknown>[] {
  if (!Array.isArray(calls)) return []
  return calls.map((call) => {
    const args: unknown = call !== null && typeof call === 'object' ? Object.values(call)[0] : undefined
    return args !== null && typeof args === 'object' ? (args as Record<string, unknown>) : {}
  })
}

// BFCL kept an argument as the string the reply quoted; our side holds a number, boolean or list.
function typedFromQuotes(d: Disagreement): boolean {
  const ours = callArguments(d.oursDecoded)
  return callArguments(d.bfclDecoded).some((args, index) =>
    Object.entries(args).some(([key, value]) => {
      const mine = ours[index]?.[key]
      return typeof value === 'string' && mine !== undefined && typeof mine !== 'string'
    }),
  )
}

// BFCL could not decode what we read: it parses the whole reply as Python (or JSON).
function bfclDecodeFailed(d: Disagreement, text: string): boolean {
  if (d.bfcl === 'ast_decoder:decoder_failed') return /Invalid syntax|Failed to decode/.test(d.bfclErrors)
  return d.ours === 'irrelevance_error:decoder_success' && d.bfcl === 'valid' && !JSON_REPLY.test(stripped(text))
}

function startsAsCalls(text: string): boolean {
  return /^\[|^[\w.]+\s*\(/.test(stripped(text))
}

const INT_FLOAT_RULE: Rule = [INT_FLOAT, (d) => sameCalls(d) && (d.floatWritten || FLOAT_TYPE.test(d.bfclErrors))]

const CHECKER_RULES: readonly Rule[] = [
  [
    'Python tuple given where BFCL wants a list',
    (d, text) => /\w\s*=\s*\(/.test(text) && d.bfcl.startsWith('type_error'),
  ],
  ['underscored name: BFCL takes it only from models whose names it maps', underscored],
]

const DECODER_RULES: readonly Rule[] = [
  [
    'JSON evaluated as Python by the model handler (true/false/null fail)',
    (d, text) =>
      /name '(true|false|null)' is not defined/.test(d.bfclErrors) ||
      (d.bfcl === 'valid' && JSON_REPLY.test(stripped(text)) && JSON_LITERAL.test(text)),
  ],
  ['bare call: BFCL puts it in [ ]', (d, text) => ourNothing(d) && /^[\w.]+\s*\(/.test(stripped(text))],
  ['call list in quotes: older BFCL strips them', (d, text) => ourNothing(d) && /^\[\s*'[\w.]+\(/.test(stripped(text))],
  [
    'name, expression, nested or positional argument: BFCL reads it, our parser refuses it',
    (d) => /not-a-literal|nested-call|positional-argument|invalid-arguments|invalid-literal/.test(d.oursErrors),
  ],
  [
    'true/false/null in a Python call: BFCL reads a name (a string)',
    (d, text) => JSON_LITERAL.test(text) && /"(true|false|null)"/.test(JSON.stringify(d.bfclDecoded) ?? ''),
  ],
  [
    'no call or unreadable JSON: the model handler decodes [] (wrong_count)',
    (d) => d.ours === 'ast_decoder:decoder_failed' && d.bfcl.endsWith(':wrong_count') && isEmptyList(d.bfclDecoded),
  ],
  ['quoted value typed by schema in our parser; BFCL keeps the string', typedFromQuotes],
  ['a call called again, `f(...)()`: BFCL reads a call with no name', (_d, text) => /\)\s*\(\s*\)/.test(text)],
  [
    'calls amid prose: BFCL parses the whole reply as the call list',
    (d, text) => bfclDecodeFailed(d, text) && !startsAsCalls(text),
  ],
  ['syntax BFCL rejects and our parser accepts', bfclDecodeFailed],
]

/** The class of a disagreement; `unclassified` when no rule fits. */
export function classify(d: Disagreement): string {
  const text = typeof d.result === 'string' ? d.result : (JSON.stringify(d.result) ?? '')
  // End to end, how the reply was read comes first: the checker only saw what the decoders gave it.
  const rules =
    d.measure === 'checker' ? [INT_FLOAT_RULE, ...CHECKER_RULES] : [INT_FLOAT_RULE, ...DECODER_RULES, ...CHECKER_RULES]
  return rules.find(([, fits]) => fits(d, text))?.[0] ?? 'unclassified'
}
