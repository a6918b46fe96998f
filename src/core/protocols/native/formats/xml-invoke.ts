/**
 * The XML-invoke family: calls written as tags with one tag per parameter, every value as text.
 *
 *   Qwen3-Coder   <tool_call>\n<function=NAME>\n<parameter=KEY>\nVALUE\n</parameter>\n</function>\n</tool_call>
 *   Seed-OSS      <seed:tool_call>\n<function=NAME>\n<parameter=KEY>VALUE</parameter>\n</function>\n</seed:tool_call>
 *   MiniMax-M2    <minimax:tool_call>\n<invoke name="NAME">\n<parameter name="KEY">VALUE</parameter>\n</invoke>\n</minimax:tool_call>
 *   DeepSeek V3.2 <｜DSML｜function_calls>\n<｜DSML｜invoke name="NAME">\n<｜DSML｜parameter name="KEY" string="true">VALUE</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>
 *   Step-3        <｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="NAME">...</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>
 *   GLM-4.5/4.7   <tool_call>NAME\n<arg_key>KEY</arg_key>\n<arg_value>VALUE</arg_value>\n</tool_call>  (xml-invoke-glm.ts)
 *
 * Values are typed by the tool's schema (`count` declared integer is 3, not "3"); with no schema
 * they stay text, except where the format itself marks JSON (DeepSeek's string="false") or the
 * reference servers read JSON (GLM).
 */
import type { NativeFormat, RenderableCall } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { parseLenientJson } from '../../json/lenient-json'
import {
  isPlausibleName,
  precededBy,
  readEqualsHeader,
  readInvokes,
  startsOrEnds,
  trimOneNewline,
  type InvokeGrammar,
} from './xml-invoke-reader'
import { glm45Format } from './xml-invoke-glm'

const FAMILY = 'XML invoke'
const LOOK = 64

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

const bySchema = (raw: string, schema: JsonSchema | undefined): TypedValue => typeBySchema(raw, schema)

/** Whether the opener at `at` is followed (after space, within a bounded look) by `marker`, or the text ends on the way. */
function followedBy(source: string, at: number, opener: string, marker: string): boolean {
  const from = at + opener.length
  const i = skipSpace(source, from, Math.min(source.length, from + LOOK))
  return startsOrEnds(source, i, marker) && (i < source.length || i - from < LOOK)
}

// ---- Qwen3-Coder ------------------------------------------------------------

const qwenGrammar: InvokeGrammar = {
  section: { open: '<tool_call>', close: '</tool_call>' },
  invoke: { open: '<function=', close: '</function>', header: 'equals' },
  parameter: { open: '<parameter=', close: '</parameter>', header: 'equals' },
  bareInvokes: true,
  foreignSections: true,
  foreignWrappers: ['<seed:tool_call>'],
  trim: trimOneNewline,
  value: bySchema,
}

function renderQwen(call: RenderableCall): string {
  const params = Object.entries(call.arguments).map(([k, v]) => `<parameter=${k}>\n${text(v)}\n</parameter>\n`)
  return `<tool_call>\n<function=${call.toolName}>\n${params.join('')}</function>\n</tool_call>`
}

/** `<tool_call>` then `<function=`; a bare `<function=NAME>` then `<parameter=` or `</function>`. */
function claimsQwen(source: string, at: number, opener: string): boolean {
  if (opener === '<tool_call>') {
    const i = skipSpace(source, at + opener.length, Math.min(source.length, at + opener.length + LOOK))
    return source.startsWith('<function=', i)
  }
  if (precededBy(source, at, ['<seed:tool_call>'])) return false
  const header = readEqualsHeader(source, at + opener.length)
  if (header.end === -1 || !isPlausibleName(header.name)) return false
  const i = skipSpace(source, header.end, Math.min(source.length, header.end + LOOK))
  return source.startsWith('<parameter=', i) || source.startsWith('</function>', i)
}

export const qwen3CoderFormat: NativeFormat = {
  id: 'qwen3-coder',
  label: 'Qwen3-Coder',
  family: FAMILY,
  models: ['Qwen3-Coder-480B-A35B-Instruct', 'Qwen3-Coder-30B-A3B-Instruct', 'Qwen3.5'],
  openers: ['<tool_call>', '<function='],
  delimited: true,
  pieces: [
    '<tool_call>',
    '</tool_call>',
    '<function=',
    '</function>',
    '<parameter=',
    '</parameter>',
    'get_weather>',
    'city>',
    'count>',
    'Paris',
    '3',
    '>',
    '<',
    '\n',
    ' ',
  ],
  example: renderQwen({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser qwen3_coder (or qwen3_xml)',
    sglang: '--tool-call-parser qwen3_coder',
    llamaCpp: 'Qwen3-Coder XML, detected from the chat template (--jinja)',
  },
  notes:
    'One `<function=NAME>` per `<tool_call>`; a value sits on its own lines (one newline each side is padding). A missing `</parameter>` ends at the next `<parameter=` or `</function>`; `<function=...>` without `<tool_call>` is read too.',
  claims: claimsQwen,
  parse: (source, context) => readInvokes(source, qwenGrammar, context),
  render: renderQwen,
}

// ---- Seed-OSS ---------------------------------------------------------------

const seedGrammar: InvokeGrammar = {
  section: { open: '<seed:tool_call>', close: '</seed:tool_call>' },
  invoke: { open: '<function=', close: '</function>', header: 'equals' },
  parameter: { open: '<parameter=', close: '</parameter>', header: 'equals' },
  trim: trimOneNewline,
  value: bySchema,
}

const SEED_THINK_OPEN = '<seed:think>'
const SEED_THINK_CLOSE = '</seed:think>'

function renderSeed(call: RenderableCall): string {
  const params = Object.entries(call.arguments).map(([k, v]) => `<parameter=${k}>${text(v)}</parameter>\n`)
  return `<seed:tool_call>\n<function=${call.toolName}>\n${params.join('')}</function>\n</seed:tool_call>`
}

export const seedOssFormat: NativeFormat = {
  id: 'seed-oss',
  label: 'Seed-OSS',
  family: FAMILY,
  models: ['Seed-OSS-36B-Instruct'],
  openers: ['<seed:tool_call>'],
  delimited: true,
  pieces: [
    '<seed:tool_call>',
    '</seed:tool_call>',
    '<function=',
    '</function>',
    '<parameter=',
    '</parameter>',
    SEED_THINK_OPEN,
    SEED_THINK_CLOSE,
    'get_weather>',
    'city>',
    'Paris',
    '3',
    '>',
    '<',
    '\n',
    ' ',
  ],
  example: renderSeed({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser seed_oss', llamaCpp: 'Seed-OSS, detected from the chat template (--jinja)' },
  notes:
    "Qwen3-Coder's `<function=NAME>`/`<parameter=KEY>` tags inside `<seed:tool_call>`; calls inside `<seed:think>` reasoning are not taken.",
  claims: (source, at, opener) => followedBy(source, at, opener, '<function='),
  parse: (text, context) => readInvokes(text, seedGrammar, context),
  render: renderSeed,
}

// ---- MiniMax-M2 -------------------------------------------------------------

const minimaxGrammar: InvokeGrammar = {
  section: { open: '<minimax:tool_call>', close: '</minimax:tool_call>' },
  invoke: { open: '<invoke', close: '</invoke>', header: 'attributes' },
  parameter: { open: '<parameter', close: '</parameter>', header: 'attributes' },
  trim: trimSpan,
  value: bySchema,
}

function renderMinimax(call: RenderableCall): string {
  const params = Object.entries(call.arguments).map(([k, v]) => `<parameter name="${k}">${text(v)}</parameter>\n`)
  return `<minimax:tool_call>\n<invoke name="${call.toolName}">\n${params.join('')}</invoke>\n</minimax:tool_call>`
}

export const minimaxM2Format: NativeFormat = {
  id: 'minimax-m2',
  label: 'MiniMax-M2',
  family: FAMILY,
  models: ['MiniMax-M2', 'MiniMax-M2.1'],
  openers: ['<minimax:tool_call>'],
  delimited: true,
  pieces: [
    '<minimax:tool_call>',
    '</minimax:tool_call>',
    '<invoke name="',
    '</invoke>',
    '<parameter name="',
    '</parameter>',
    'get_weather',
    'city',
    'Paris',
    '3',
    '">',
    '"',
    "'",
    '>',
    '<',
    '\n',
    ' ',
  ],
  example: renderMinimax({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser minimax_m2',
    sglang: '--tool-call-parser minimax-m2',
    llamaCpp: 'MiniMax-M2, detected from the chat template (--jinja)',
  },
  notes:
    'Several `<invoke name="...">` in one `<minimax:tool_call>` section; names may be quoted with `"` or `\'`. Values are trimmed.',
  claims: (source, at, opener) => followedBy(source, at, opener, '<invoke'),
  parse: (source, context) => readInvokes(source, minimaxGrammar, context),
  render: renderMinimax,
}

// ---- DeepSeek V3.2 (DSML) ---------------------------------------------------

const DSML = '｜DSML｜'

/**
 * `string="true"` is text; `string="false"` is JSON. A schema, when given, decides (a model that
 * marks an integer string="true" still meant the integer).
 */
function dsmlValue(raw: string, schema: JsonSchema | undefined, attributes: ReadonlyMap<string, string>): TypedValue {
  if (schema && ['type', 'anyOf', 'oneOf', 'enum'].some((k) => k in schema)) return typeBySchema(raw, schema)
  if (attributes.get('string') !== 'false') return { value: raw }
  const trimmed = raw.trim()
  const parsed = parseLenientJson(trimmed)
  if (parsed.ok) return { value: parsed.value }
  return {
    value: raw,
    problem: `it is marked string="false" but ${JSON.stringify(trimmed.length > 40 ? trimmed.slice(0, 37) + '...' : trimmed)} is not JSON`,
  }
}

const dsmlGrammar: InvokeGrammar = {
  section: { open: `<${DSML}function_calls>`, close: `</${DSML}function_calls>` },
  invoke: { open: `<${DSML}invoke`, close: `</${DSML}invoke>`, header: 'attributes' },
  parameter: { open: `<${DSML}parameter`, close: `</${DSML}parameter>`, header: 'attributes' },
  jsonBody: true,
  trim: (_source, start, end) => [start, end],
  value: dsmlValue,
}

function renderDsml(call: RenderableCall): string {
  const params = Object.entries(call.arguments).map(
    ([k, v]) => `<${DSML}parameter name="${k}" string="${typeof v === 'string'}">${text(v)}</${DSML}parameter>\n`,
  )
  return `<${DSML}function_calls>\n<${DSML}invoke name="${call.toolName}">\n${params.join('')}</${DSML}invoke>\n</${DSML}function_calls>`
}

export const deepseekV32Format: NativeFormat = {
  id: 'deepseek-v32',
  label: 'DeepSeek V3.2',
  family: FAMILY,
  models: ['DeepSeek V3.2'],
  openers: [`<${DSML}function_calls>`],
  delimited: true,
  pieces: [
    `<${DSML}function_calls>`,
    `</${DSML}function_calls>`,
    `<${DSML}invoke name="`,
    `</${DSML}invoke>`,
    `<${DSML}parameter name="`,
    `</${DSML}parameter>`,
    '" string="true">',
    '" string="false">',
    'get_weather',
    'city',
    'Paris',
    '3',
    '{"city": "Paris"}',
    '"',
    '>',
    '<',
    '\n',
    ' ',
  ],
  example: renderDsml({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser deepseek_v32', sglang: '--tool-call-parser deepseekv32' },
  notes:
    'Tags carry the `｜DSML｜` prefix (U+FF5C bars). Each parameter says `string="true"` (text) or `string="false"` (JSON); an invoke may also hold a JSON object instead of parameters.',
  claims: (source, at, opener) => followedBy(source, at, opener, `<${DSML}invoke`),
  parse: (source, context) => readInvokes(source, dsmlGrammar, context),
  render: renderDsml,
}

// ---- Step-3 -----------------------------------------------------------------

const step3Grammar: InvokeGrammar = {
  section: { open: '<｜tool_calls_begin｜>', close: '<｜tool_calls_end｜>' },
  callWrapper: { open: '<｜tool_call_begin｜>', sep: '<｜tool_sep｜>', close: '<｜tool_call_end｜>' },
  invoke: { open: '<steptml:invoke', close: '</steptml:invoke>', header: 'attributes' },
  parameter: { open: '<steptml:parameter', close: '</steptml:parameter>', header: 'attributes' },
  trim: trimSpan,
  value: bySchema,
}

function renderStep3(call: RenderableCall): string {
  const params = Object.entries(call.arguments).map(
    ([k, v]) => `<steptml:parameter name="${k}">${text(v)}</steptml:parameter>\n`,
  )
  return `<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="${call.toolName}">\n${params.join('')}</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>`
}

export const step3Format: NativeFormat = {
  id: 'step3',
  label: 'Step-3',
  family: FAMILY,
  models: ['Step-3'],
  openers: ['<｜tool_calls_begin｜>'],
  delimited: true,
  pieces: [
    '<｜tool_calls_begin｜>',
    '<｜tool_calls_end｜>',
    '<｜tool_call_begin｜>',
    '<｜tool_call_end｜>',
    'function',
    '<｜tool_sep｜>',
    '<steptml:invoke name="',
    '</steptml:invoke>',
    '<steptml:parameter name="',
    '</steptml:parameter>',
    'get_weather',
    'city',
    'Paris',
    '3',
    '">',
    '"',
    '<',
    '\n',
    ' ',
  ],
  example: renderStep3({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser step3', sglang: '--tool-call-parser step3' },
  notes:
    'DeepSeek-like section tokens but with ASCII underscores (`<｜tool_calls_begin｜>`), each call `function<｜tool_sep｜>` then a `<steptml:invoke>`. Values are trimmed.',
  claims: (source, at, opener) => followedBy(source, at, opener, '<｜tool_call_begin｜>'),
  parse: (source, context) => readInvokes(source, step3Grammar, context),
  render: renderStep3,
}

export const xmlInvokeFormats: NativeFormat[] = [
  qwen3CoderFormat,
  seedOssFormat,
  minimaxM2Format,
  deepseekV32Format,
  step3Format,
  glm45Format,
]
