/**
 * The XML-invoke family: calls written as tags with one tag per parameter, every value as text.
 *
 *   Qwen3-Coder   <tool_call>\n<function=NAME>\n<parameter=KEY>\nVALUE\n</parameter>\n</function>\n</tool_call>
 *   Seed-OSS      <seed:tool_call>\n<function=NAME>\n<parameter=KEY>VALUE</parameter>\n</function>\n</seed:tool_call>
 *   MiniMax-M2    <minimax:tool_call>\n<invoke name="NAME">\n<parameter name="KEY">VALUE</parameter>\n</invoke>\n</minimax:tool_call>
 *   DeepSeek V3.2 <｜DSML｜function_calls>\n<｜DSML｜invoke name="NAME">\n<｜DSML｜parameter name="KEY" string="true">VALUE</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>  (xml-invoke-dsml.ts)
 *   Step-3        <｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="NAME">...</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>
 *   GLM-4.5/4.7   <tool_call>NAME\n<arg_key>KEY</arg_key>\n<arg_value>VALUE</arg_value>\n</tool_call>  (xml-invoke-glm.ts)
 *
 * Values are typed by the tool's schema (`count` declared integer is 3, not "3"); with no schema
 * they stay text, except where the format itself marks JSON (DeepSeek's string="false") or the
 * reference servers read JSON (GLM).
 */
import type { NativeFormat, RenderableCall } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { isPlausibleName, precededBy, readEqualsHeader } from './xml-invoke-header'
import { trimOneNewline, type InvokeGrammar } from './xml-invoke-grammar'
import { readInvokes } from './xml-invoke-reader'
import { FAMILY, LOOK, bySchema, followedBy, text } from './xml-invoke-common'
import { deepseekV32Format } from './xml-invoke-dsml'
import { glm45Format } from './xml-invoke-glm'

export { deepseekV32Format } from './xml-invoke-dsml'

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

/** Qwen3-Coder: one `<function=NAME>` per `<tool_call>`, also read with no `<tool_call>` around it. */
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

/** Seed-OSS: Qwen3-Coder's tags inside `<seed:tool_call>`. */
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

/** MiniMax-M2: several `<invoke name="...">` in one `<minimax:tool_call>` section. */
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

/** Step-3: each `<steptml:invoke>` wrapped in `<｜tool_call_begin｜>function<｜tool_sep｜>` ... `<｜tool_call_end｜>`. */
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

/** The XML-invoke family, in the order docs and the Parser pane list it. */
export const xmlInvokeFormats: NativeFormat[] = [
  qwen3CoderFormat,
  seedOssFormat,
  minimaxM2Format,
  deepseekV32Format,
  step3Format,
  glm45Format,
]
