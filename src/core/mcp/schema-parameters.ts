/**
 * An MCP tool's `inputSchema` read as parameters, so the tools prompt, Discovery's table, the
 * Executor's form and the argument checks work on MCP tools as on built-in ones. The schema stays
 * on the method and has the last word: the arguments are validated against it as a whole.
 */
import type { MethodParameter, ParameterType } from '../types'
import { isRecord } from '../own-record'
import { cleanServerText, escapedName, isCleanServerText, PARAMETER_NAME } from './server-text'
import { isValidVcpKey } from '../protocols/vcp/render'
import { capDescription, MAX_ENUM_CHOICES, MAX_PARAMETER_DESCRIPTION } from './schema-limits'

type Schema = Record<string, unknown>

/** What reading a schema found to say: notes (text cut, an enum made a field) and names refused. */
export interface SchemaReport {
  notes: string[]
  /** Property names outside PARAMETER_NAME, escaped: the tool is refused. */
  badNames: string[]
}

/** The top-level properties of an object schema, as parameters. */
export function schemaParameters(
  schema: unknown,
  report: SchemaReport = { notes: [], badNames: [] },
): MethodParameter[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return []
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  )
  const names = Object.keys(schema.properties)
  // A top-level parameter is a field name in VCP too: its key characters only.
  for (const name of names)
    if (PARAMETER_NAME.test(name) && !isValidVcpKey(name)) report.badNames.push(escapedName(name))
  return names.map((name) => parameterOf(name, (schema.properties as Schema)[name], required.has(name), 0, report))
}

/** Whether the schema lets arguments through that it does not name. */
export function schemaIsOpen(schema: unknown): boolean {
  return isRecord(schema) && schema.additionalProperties !== false && schema.additionalProperties !== undefined
}

function parameterOf(
  name: string,
  raw: unknown,
  required: boolean,
  depth: number,
  report: SchemaReport,
): MethodParameter {
  if (!PARAMETER_NAME.test(name)) report.badNames.push(escapedName(name))
  const schema = isRecord(raw) ? branch(raw) : {}
  const parameter: MethodParameter = { name, type: typeOf(schema) }
  const description =
    typeof schema.description === 'string'
      ? schema.description
      : typeof schema.title === 'string'
        ? schema.title
        : undefined
  if (description) {
    const capped = capDescription(cleanServerText(description, { multiline: true }), MAX_PARAMETER_DESCRIPTION)
    if (capped.cut > 0)
      report.notes.push(`the description of "${name}" was cut by ${capped.cut.toLocaleString('en-US')} characters`)
    parameter.description = capped.text
  }
  if (!required) parameter.required = false
  if (schema.default !== undefined)
    parameter.defaultValue = typeof schema.default === 'string' ? cleanServerText(schema.default) : schema.default
  if (parameter.type === 'enum') {
    const values = schema.enum as string[]
    if (values.length > MAX_ENUM_CHOICES) {
      // A choice of 200,000 would freeze the form and fill the prompt: a text field that searches them, checked by the schema.
      parameter.type = 'string'
      report.notes.push(
        `"${name}" allows ${values.length.toLocaleString('en-US')} values, more than ${MAX_ENUM_CHOICES.toLocaleString('en-US')}: it is a text field with a search of its values, and the schema checks the value`,
      )
      parameter.description = `${parameter.description ? parameter.description + ' ' : ''}(one of ${values.length.toLocaleString('en-US')} values, e.g. ${values
        .slice(0, 3)
        .map((v) => JSON.stringify(cleanServerText(v)))
        .join(', ')})`
      // The form searches them; one that cleaning would change is left out, as it could not be sent as shown.
      parameter.searchableValues = values.filter((v) => isCleanServerText(v))
    } else parameter.enumValues = values.map((v) => cleanServerText(v))
  }
  // Deep schemas are described to a depth; the validator checks the rest.
  if (depth < 4) {
    if (parameter.type === 'array' && isRecord(schema.items))
      parameter.items = parameterOf('item', schema.items, true, depth + 1, report)
    if (parameter.type === 'object' && isRecord(schema.properties)) {
      const inner = new Set(
        Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
      )
      parameter.properties = Object.keys(schema.properties).map((key) =>
        parameterOf(key, (schema.properties as Schema)[key], inner.has(key), depth + 1, report),
      )
    }
  }
  return parameter
}

/** `anyOf: [X, {type: null}]` (how optional values are often written) reads as X. */
function branch(schema: Schema): Schema {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options)) {
      const real = options.filter((o) => isRecord(o) && o.type !== 'null')
      if (real.length === 1 && isRecord(real[0])) return { ...real[0], ...without(schema, key) }
    }
  }
  return schema
}

function typeOf(schema: Schema): ParameterType {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string'))
    return 'enum'
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (declared) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'object':
    case 'array':
      return declared
    default:
      // No single type (anyOf, const, ...): a JSON value, checked by the schema.
      return isRecord(schema.properties) ? 'object' : 'string'
  }
}

function without(schema: Schema, key: string): Schema {
  const out: Schema = {}
  for (const k of Object.keys(schema)) if (k !== key) out[k] = schema[k]
  return out
}
