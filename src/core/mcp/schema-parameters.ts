/**
 * An MCP tool's `inputSchema` read as parameters, so the tools prompt, Discovery's table, the
 * Executor's form and the argument checks work on MCP tools as on built-in ones. The schema stays
 * on the method and has the last word: the arguments are validated against it as a whole.
 */
import type { MethodParameter, ParameterType } from '../types'
import { isRecord } from '../own-record'
import { cleanServerText, escapedName, isCleanServerText, PARAMETER_NAME } from './server-text'
import { isValidVcpKey } from '../protocols/vcp/render'
import {
  capDescription,
  MAX_DEFAULT_CHARS,
  MAX_ENUM_CHARS,
  MAX_ENUM_CHOICES,
  MAX_PARAMETER_DESCRIPTION,
} from './schema-limits'

type Schema = Record<string, unknown>

/** What reading a schema found to say: notes (text cut, an enum made a field) and names refused. */
export interface SchemaReport {
  notes: string[]
  /** Property names outside PARAMETER_NAME, escaped: the tool is refused. */
  badNames: string[]
}

/**
 * How much of a schema is read as parameters; what is past it is left out (the schema still
 * checks the arguments, or the server does). Spent as the parameters are read.
 */
export interface ParameterBudget {
  /** Parameters left to read, nested ones included. */
  parameters: number
  /** Characters left for what they write into a prompt (see {@link writtenChars}). */
  chars: number
  /** Parameters left out so far. */
  cut: number
}

/** No bound: every parameter is read. */
const UNBOUNDED = (): ParameterBudget => ({ parameters: Infinity, chars: Infinity, cut: 0 })

/**
 * The top-level properties of an object schema, as parameters, within `budget`: required ones are
 * read first, and all are listed in the schema's order.
 */
export function schemaParameters(
  schema: unknown,
  report: SchemaReport = { notes: [], badNames: [] },
  budget: ParameterBudget = UNBOUNDED(),
): MethodParameter[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return []
  const properties = schema.properties
  const required = requiredNames(schema)
  return readWithin(properties, required, budget, (name) => {
    // A top-level parameter is a field name in VCP too: its key characters only.
    if (PARAMETER_NAME.test(name) && !isValidVcpKey(name)) report.badNames.push(escapedName(name))
    return parameterOf(name, properties[name], required.has(name), 0, report, budget)
  })
}

/**
 * Characters a parameter writes into a prompt, besides what its nested parameters write: its
 * name, description, default and values, with room for its type and the protocol's punctuation.
 */
export function writtenChars(parameter: MethodParameter): number {
  let chars = 24 + parameter.name.length + (parameter.description?.length ?? 0)
  if (parameter.defaultValue !== undefined) chars += JSON.stringify(parameter.defaultValue)?.length ?? 0
  for (const value of parameter.enumValues ?? []) chars += value.length + 3
  return chars
}

/** Whether the schema lets arguments through that it does not name. */
export function schemaIsOpen(schema: unknown): boolean {
  return isRecord(schema) && schema.additionalProperties !== false && schema.additionalProperties !== undefined
}

function requiredNames(schema: Schema): Set<string> {
  return new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  )
}

/**
 * Reads the `properties` (required ones first) while the budget lasts, the rest counted as cut:
 * the work is bounded by what is read, however many properties there are.
 */
function readWithin(
  properties: Schema,
  required: ReadonlySet<string>,
  budget: ParameterBudget,
  read: (name: string) => MethodParameter | null,
): MethodParameter[] {
  const names = Object.keys(properties)
  const byName = new Map<string, MethodParameter>()
  const tryRead = (name: string): void => {
    if (budget.parameters <= 0 || byName.has(name) || !Object.hasOwn(properties, name)) return
    const parameter = read(name)
    if (parameter) byName.set(name, parameter)
  }
  for (const name of required) tryRead(name)
  for (const name of names) {
    if (budget.parameters <= 0) break
    tryRead(name)
  }
  budget.cut += names.length - byName.size
  // In the schema's order.
  const inOrder: MethodParameter[] = []
  for (const name of names) {
    if (inOrder.length === byName.size) break
    const parameter = byName.get(name)
    if (parameter) inOrder.push(parameter)
  }
  return inOrder
}

/** One property as a parameter, or null when it does not fit what is left of the budget. */
function parameterOf(
  name: string,
  raw: unknown,
  required: boolean,
  depth: number,
  report: SchemaReport,
  budget: ParameterBudget,
): MethodParameter | null {
  if (!PARAMETER_NAME.test(name)) report.badNames.push(escapedName(name))
  // Said only of a parameter that is read.
  const notes: string[] = []
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
      notes.push(`the description of "${name}" was cut by ${capped.cut.toLocaleString('en-US')} characters`)
    parameter.description = capped.text
  }
  if (!required) parameter.required = false
  if (schema.default !== undefined) {
    const written = JSON.stringify(schema.default)?.length ?? 0
    if (written > MAX_DEFAULT_CHARS)
      notes.push(
        `the default of "${name}" (${written.toLocaleString('en-US')} characters) is not shown; the server uses it when the argument is left out`,
      )
    else parameter.defaultValue = typeof schema.default === 'string' ? cleanServerText(schema.default) : schema.default
  }
  if (parameter.type === 'enum') {
    const values = schema.enum as string[]
    const valueChars = values.length > MAX_ENUM_CHOICES ? Infinity : values.reduce((n, v) => n + v.length, 0)
    if (values.length > MAX_ENUM_CHOICES || valueChars > MAX_ENUM_CHARS) {
      // A choice of 200,000 would freeze the form and fill the prompt: a text field that searches them, checked by the schema.
      parameter.type = 'string'
      notes.push(
        values.length > MAX_ENUM_CHOICES
          ? `"${name}" allows ${values.length.toLocaleString('en-US')} values, more than ${MAX_ENUM_CHOICES.toLocaleString('en-US')}: it is a text field with a search of its values, and the schema checks the value`
          : `"${name}" allows values of ${valueChars.toLocaleString('en-US')} characters in all, more than ${MAX_ENUM_CHARS.toLocaleString('en-US')}: it is a text field with a search of its values, and the schema checks the value`,
      )
      parameter.description = `${parameter.description ? parameter.description + ' ' : ''}(one of ${values.length.toLocaleString('en-US')} values, e.g. ${values
        .slice(0, 3)
        .map((v) => JSON.stringify(cleanServerText(v)))
        .join(', ')})`
      // The form searches them; one that cleaning would change is left out, as it could not be sent as shown.
      parameter.searchableValues = values.filter((v) => isCleanServerText(v))
    } else parameter.enumValues = values.map((v) => cleanServerText(v))
  }
  const chars = writtenChars(parameter)
  if (chars > budget.chars) {
    // The budget is spent: the rest is not read.
    budget.parameters = 0
    return null
  }
  report.notes.push(...notes)
  budget.parameters--
  budget.chars -= chars
  // Deep schemas are described to a depth; the validator checks the rest.
  if (depth < 4) {
    if (parameter.type === 'array' && isRecord(schema.items)) {
      const items = budget.parameters > 0 ? parameterOf('item', schema.items, true, depth + 1, report, budget) : null
      if (items) parameter.items = items
      else budget.cut++
    }
    if (parameter.type === 'object' && isRecord(schema.properties)) {
      const properties = schema.properties
      const inner = requiredNames(schema)
      parameter.properties = readWithin(properties, inner, budget, (key) =>
        parameterOf(key, properties[key], inner.has(key), depth + 1, report, budget),
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
