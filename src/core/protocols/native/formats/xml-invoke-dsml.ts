/**
 * DeepSeek V3.2's DSML markup, an XML-invoke format whose tags carry the `｜DSML｜` prefix:
 *   <｜DSML｜function_calls>\n<｜DSML｜invoke name="NAME">\n<｜DSML｜parameter name="KEY" string="true">VALUE</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>
 * Each parameter says whether its value is text or JSON; an invoke may hold a JSON object instead.
 */
import type { NativeFormat, RenderableCall } from '../format'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { parseLenientJson } from '../../json/lenient-json'
import { ref } from '../../../messages/say'
import { readInvokes } from './xml-invoke-reader'
import type { InvokeGrammar } from './xml-invoke-grammar'
import { FAMILY, followedBy, text } from './xml-invoke-common'

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
    problem: ref('native.xml.typed.dsml-not-json', {
      value: JSON.stringify(trimmed.length > 40 ? trimmed.slice(0, 37) + '...' : trimmed),
    }),
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

/** DeepSeek V3.2: DSML invokes whose parameters say whether they are text or JSON. */
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
