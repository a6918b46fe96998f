/**
 * A server's `elicitation/create` (form mode) read as a form: its flat `requestedSchema` becomes
 * fields with their checks, and parameters for the Executor's form generator. The schema is
 * written by whoever runs the server, so anything odd (a nested object, a type nobody knows, a
 * million choices, a name a form cannot hold) is left out with a notice instead of thrown; a
 * required field left out means the form cannot be accepted, only declined or cancelled.
 */
import type { MethodParameter } from '../types'
import { isRecord } from '../own-record'
import { schemaParameters } from './schema-parameters'
import { capDescription } from './schema-limits'
import { cleanServerText, escapedName, PARAMETER_NAME } from './server-text'
import {
  readChoices,
  readNumber,
  readFormat,
  type ElicitationChoice,
  type ElicitationFormat,
} from './elicitation-field'

export type { ElicitationChoice, ElicitationFormat } from './elicitation-field'

/** Fields shown at most; the rest are left out (with a notice). */
export const MAX_ELICITATION_FIELDS = 100
/** Characters of the server's message that are shown. */
export const MAX_ELICITATION_MESSAGE = 10_000
/** Characters of a field's title. */
export const MAX_ELICITATION_TITLE = 200

/** What a field asks for: text, a number, a whole number, yes/no, one choice or several. */
export type ElicitationFieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices'

/** One field of the form, with the checks its schema asks for. */
export interface ElicitationField {
  /** The key of the content sent back, as the server wrote it. */
  name: string
  /** What the person sees as the field's name: the schema's title (cleaned), else the name. */
  title: string
  kind: ElicitationFieldKind
  required: boolean
  format?: ElicitationFormat
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  /** For `choice` and `choices`: what is sent (`value`) and what is shown (`label`, unique). */
  choices?: readonly ElicitationChoice[]
}

/** Why part of a request is not shown as the server wrote it. */
export type ElicitationNoticeCode =
  | 'notAnObject'
  | 'badName'
  | 'unsupportedType'
  | 'tooManyChoices'
  | 'badChoices'
  | 'tooManyFields'
  | 'messageCut'
  | 'requiredLeftOut'

/** One readable finding; `field` is escaped for display, `count` and `detail` fill the sentence. */
export interface ElicitationNotice {
  code: ElicitationNoticeCode
  field?: string
  count?: number
  detail?: string
}

/** The request as a form. */
export interface ElicitationForm {
  /** The server's message, cleaned (line breaks kept) and capped. */
  message: string
  fields: ElicitationField[]
  /** One per field, same order and names: what the Executor's form generator draws. */
  parameters: MethodParameter[]
  notices: ElicitationNotice[]
  /** Names of required fields that were left out: while any remain, the form cannot be accepted. */
  missingRequired: string[]
}

/** Reads a form-mode request's `message` and `requestedSchema`; never throws. */
export function readElicitationForm(request: { message?: unknown; requestedSchema?: unknown }): ElicitationForm {
  const notices: ElicitationNotice[] = []
  const rawMessage = typeof request.message === 'string' ? request.message : ''
  const message = capDescription(cleanServerText(rawMessage, { multiline: true }), MAX_ELICITATION_MESSAGE)
  if (message.cut > 0) notices.push({ code: 'messageCut', count: message.cut })
  const schema = request.requestedSchema
  if (!isRecord(schema) || !isRecord(schema.properties)) {
    notices.push({ code: 'notAnObject' })
    return { message: message.text, fields: [], parameters: [], notices, missingRequired: [] }
  }
  const properties = schema.properties
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  )
  const names = Object.keys(properties)
  if (names.length > MAX_ELICITATION_FIELDS)
    notices.push({ code: 'tooManyFields', count: names.length, detail: String(MAX_ELICITATION_FIELDS) })
  const read = names.slice(0, MAX_ELICITATION_FIELDS).map((name) => ({
    name,
    reading: readField(name, properties[name], required.has(name), notices),
  }))
  const fields = read.flatMap((r) => (r.reading ? [r.reading.field] : []))
  const shown = new Set(fields.map((f) => f.name))
  const missingRequired = [...required].filter((name) => !shown.has(name))
  for (const name of missingRequired) notices.push({ code: 'requiredLeftOut', field: escapedName(name) })
  const normalized: Record<string, unknown> = {}
  for (const r of read) if (r.reading) normalized[r.name] = r.reading.schema
  const parameters = schemaParameters({
    type: 'object',
    properties: normalized,
    required: fields.filter((f) => f.required).map((f) => f.name),
  })
  return { message: message.text, fields, parameters, notices, missingRequired }
}

interface FieldReading {
  field: ElicitationField
  /** The field as a plain JSON Schema the form generator reads: choices as their labels. */
  schema: Record<string, unknown>
}

/** One property as a field, or null (with a notice) when it cannot be shown. */
function readField(name: string, raw: unknown, required: boolean, notices: ElicitationNotice[]): FieldReading | null {
  // Names become keys of form values and of the content: `__proto__` must never be one.
  if (!PARAMETER_NAME.test(name) || name === '__proto__') {
    notices.push({ code: 'badName', field: escapedName(name) })
    return null
  }
  const schema = isRecord(raw) ? raw : {}
  const title = typeof schema.title === 'string' && schema.title ? schema.title : name
  const field: ElicitationField = {
    name,
    title: capDescription(cleanServerText(title), MAX_ELICITATION_TITLE).text,
    kind: 'text',
    required,
  }
  const normalized: Record<string, unknown> = {}
  if (typeof schema.description === 'string') normalized.description = schema.description
  const choices = readChoices(schema)
  if (choices.kind === 'tooMany') {
    notices.push({ code: 'tooManyChoices', field: escapedName(name), count: choices.count })
    return null
  }
  if (choices.kind === 'invalid') {
    notices.push({ code: 'badChoices', field: escapedName(name) })
    return null
  }
  if (choices.kind === 'none') {
    const typed = typedField(field, schema, normalized)
    if (!typed) {
      notices.push({ code: 'unsupportedType', field: escapedName(name), detail: typeName(schema) })
      return null
    }
    return { field, schema: normalized }
  }
  const labelOf = new Map(choices.choices.map((c) => [c.value, c.label]))
  const labels = choices.choices.map((c) => c.label)
  field.kind = choices.kind
  field.choices = choices.choices
  if (choices.kind === 'choice') {
    Object.assign(normalized, { type: 'string', enum: labels })
    if (typeof schema.default === 'string' && labelOf.has(schema.default))
      normalized.default = labelOf.get(schema.default)
  } else {
    Object.assign(normalized, { type: 'array', items: { type: 'string', enum: labels } })
    field.minItems = readNumber(schema.minItems, { whole: true })
    field.maxItems = readNumber(schema.maxItems, { whole: true })
    if (Array.isArray(schema.default))
      normalized.default = schema.default.flatMap((v) =>
        typeof v === 'string' && labelOf.has(v) ? [labelOf.get(v)] : [],
      )
  }
  return { field, schema: normalized }
}

/** Text, numbers and booleans; false for any other type. */
function typedField(
  field: ElicitationField,
  schema: Record<string, unknown>,
  normalized: Record<string, unknown>,
): boolean {
  const fallback = schema.default
  switch (schema.type) {
    case 'string':
      field.kind = 'text'
      field.format = readFormat(schema.format)
      field.minLength = readNumber(schema.minLength, { whole: true })
      field.maxLength = readNumber(schema.maxLength, { whole: true })
      normalized.type = 'string'
      if (typeof fallback === 'string') normalized.default = fallback
      return true
    case 'number':
    case 'integer':
      field.kind = schema.type
      field.minimum = readNumber(schema.minimum)
      field.maximum = readNumber(schema.maximum)
      normalized.type = schema.type
      if (typeof fallback === 'number' && Number.isFinite(fallback)) normalized.default = fallback
      return true
    case 'boolean':
      field.kind = 'boolean'
      normalized.type = 'boolean'
      if (typeof fallback === 'boolean') normalized.default = fallback
      return true
    default:
      return false
  }
}

/** The schema's type as a short readable word for a notice. */
function typeName(schema: Record<string, unknown>): string {
  const type = schema.type
  if (typeof type === 'string') return escapedName(type, 40)
  if (type === undefined) return 'none'
  return Array.isArray(type) ? 'a list of types' : typeof type
}
