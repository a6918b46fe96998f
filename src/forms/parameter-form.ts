/**
 * The executor's form, as data: what each parameter's field holds, how typed arguments become
 * field values and back, and what is wrong with a field. No Vue here; the components render it.
 *
 * Numbers are kept as the text typed until it is valid, so "1." or "-" never jump to something
 * else under the cursor. Objects without declared properties and arrays without declared items
 * are JSON text fields, the last resort.
 */
import type { MethodParameter } from '../core'
import { setOwn } from '../core/internal'

export type FieldValue = string | boolean | null | FieldValue[] | { [key: string]: FieldValue }
export type FormValues = Record<string, FieldValue>

export type FieldErrorCode = 'required' | 'number' | 'integer' | 'enum' | 'json' | 'jsonObject' | 'jsonArray'
export interface FieldError {
  code: FieldErrorCode
  /** For `json`: the parser's message. */
  detail?: string
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

export type FieldKind = 'text' | 'search' | 'number' | 'switch' | 'tri-state' | 'select' | 'object' | 'list' | 'json'

/** Which control a parameter gets. */
export function fieldKind(p: MethodParameter): FieldKind {
  switch (p.type) {
    case 'string':
      return p.searchableValues ? 'search' : 'text'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return p.required === false && p.defaultValue === undefined ? 'tri-state' : 'switch'
    case 'enum':
      return 'select'
    case 'object':
      return p.properties && p.properties.length > 0 ? 'object' : 'json'
    case 'array':
      return p.items ? 'list' : 'json'
  }
}

/** The field value for a typed value (or the parameter's default when `value` is undefined). */
export function toFieldValue(p: MethodParameter, value: unknown = p.defaultValue): FieldValue {
  const kind = fieldKind(p)
  switch (kind) {
    case 'text':
    case 'search':
      return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)
    case 'number':
      return value === undefined || value === null ? '' : String(value)
    case 'switch':
      return value === true || value === 'true'
    case 'tri-state':
      return value === true || value === 'true' ? true : value === false || value === 'false' ? false : null
    case 'select':
      return value === undefined || value === null ? '' : String(value)
    case 'object': {
      const record =
        value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
      return toFormValues(p.properties ?? [], record)
    }
    case 'list': {
      const items = p.items as MethodParameter
      return Array.isArray(value) ? value.map((item) => toFieldValue(items, item)) : []
    }
    case 'json':
      return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  }
}

export function toFormValues(parameters: readonly MethodParameter[], args: Record<string, unknown> = {}): FormValues {
  const values: FormValues = {}
  for (const p of parameters)
    values[p.name] = toFieldValue(p, Object.prototype.hasOwnProperty.call(args, p.name) ? args[p.name] : undefined)
  return values
}

/** A new, empty item for a list of `items`. */
export function newListItem(items: MethodParameter): FieldValue {
  return toFieldValue({ ...items, defaultValue: undefined })
}

export interface ReadForm {
  /** The typed arguments the form stands for (fields with errors left out). */
  arguments: Record<string, unknown>
  /** By field path: `depth`, `filter.tag`, `tags[2]`. */
  errors: Record<string, FieldError>
}

export function readForm(parameters: readonly MethodParameter[], values: FormValues): ReadForm {
  // No prototype: a field named "constructor" or "toString" is a key like any other.
  const errors: Record<string, FieldError> = Object.create(null)
  const args = readFields(parameters, values, '', errors)
  return { arguments: args, errors }
}

function readFields(
  parameters: readonly MethodParameter[],
  values: Record<string, FieldValue>,
  prefix: string,
  errors: Record<string, FieldError>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of parameters) {
    const path = prefix + p.name
    const given = Object.hasOwn(values, p.name) ? values[p.name] : undefined
    const read = readField(p, given ?? toFieldValue(p), path, errors)
    if (read !== undefined) setOwn(out, p.name, read)
    else if (p.required !== false && !Object.hasOwn(errors, path)) errors[path] = { code: 'required' }
  }
  return out
}

/** The typed value of a field, or undefined when it is empty or wrong (wrong ones get an error). */
function readField(p: MethodParameter, value: FieldValue, path: string, errors: Record<string, FieldError>): unknown {
  switch (fieldKind(p)) {
    case 'text':
      return value === '' ? undefined : value
    case 'search': {
      if (value === '' || value === null) return undefined
      if (!allowedSet(p.searchableValues ?? []).has(String(value))) {
        errors[path] = { code: 'enum' }
        return undefined
      }
      return value
    }
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : ''
      if (text === '') return undefined
      const n = NUMBER_TEXT.test(text) ? Number(text) : NaN
      if (!Number.isFinite(n)) errors[path] = { code: 'number' }
      else if (p.type === 'integer' && !Number.isInteger(n)) errors[path] = { code: 'integer' }
      else return n
      return undefined
    }
    case 'switch':
      return value === true
    case 'tri-state':
      return value === null ? undefined : value === true
    case 'select': {
      if (value === '' || value === null) return undefined
      if (!(p.enumValues ?? []).includes(String(value))) {
        errors[path] = { code: 'enum' }
        return undefined
      }
      return value
    }
    case 'object': {
      const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}
      const inner = readFields(p.properties ?? [], record, `${path}.`, errors)
      // An optional object left entirely empty is left out.
      return Object.keys(inner).length === 0 && p.required === false ? undefined : inner
    }
    case 'list': {
      const items = p.items as MethodParameter
      const list = Array.isArray(value) ? value : []
      return list.map((item, index) => {
        const itemPath = `${path}[${index}]`
        const read = readField({ ...items, required: true }, item, itemPath, errors)
        if (read === undefined && !Object.hasOwn(errors, itemPath)) errors[itemPath] = { code: 'required' }
        return read
      })
    }
    case 'json': {
      const text = typeof value === 'string' ? value.trim() : ''
      if (text === '') return undefined
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch (error) {
        errors[path] = { code: 'json', detail: (error as Error).message }
        return undefined
      }
      if (p.type === 'object' && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)))
        errors[path] = { code: 'jsonObject' }
      else if (p.type === 'array' && !Array.isArray(parsed)) errors[path] = { code: 'jsonArray' }
      else return parsed
      return undefined
    }
  }
}

/** How many matches a search field offers at once: a list that stays small however long the values. */
export const SEARCH_MATCHES = 50

/**
 * The values a search field offers for what is typed, at most `limit`: the exact value first,
 * then those that start with it, then those that contain it (case ignored), each in list order.
 */
export function searchValues(values: readonly string[], query: string, limit = SEARCH_MATCHES): string[] {
  const wanted = query.toLowerCase()
  if (wanted === '') return values.slice(0, limit)
  const exact: string[] = []
  const starting: string[] = []
  const containing: string[] = []
  for (const value of values) {
    const lower = value.toLowerCase()
    if (lower === wanted) exact.push(value)
    else if (starting.length < limit && lower.startsWith(wanted)) starting.push(value)
    else if (containing.length < limit && lower.includes(wanted)) containing.push(value)
  }
  return [...exact, ...starting, ...containing].slice(0, limit)
}

// Every keystroke reads the form again: one set per list of values, not a scan of 200,000 each time.
const allowedSets = new WeakMap<readonly string[], Set<string>>()
function allowedSet(values: readonly string[]): Set<string> {
  let set = allowedSets.get(values)
  if (!set) allowedSets.set(values, (set = new Set(values)))
  return set
}

/**
 * The form as JSON text for JSON mode: valid fields typed, fields still being typed kept as their
 * text, so switching modes loses nothing.
 */
export function formToJson(parameters: readonly MethodParameter[], values: FormValues): string {
  return JSON.stringify(jsonView(parameters, values), null, 2)
}

function jsonView(parameters: readonly MethodParameter[], values: Record<string, FieldValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of parameters) {
    const value = values[p.name]
    if (value === undefined) continue
    const kind = fieldKind(p)
    if (kind === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const inner = jsonView(p.properties ?? [], value)
      if (Object.keys(inner).length > 0 || p.required !== false) out[p.name] = inner
      continue
    }
    const errors: Record<string, FieldError> = Object.create(null)
    const read = readField(p, value, p.name, errors)
    if (read !== undefined) out[p.name] = read
    else if (errors[p.name] && typeof value === 'string') out[p.name] = value
  }
  return out
}

/** JSON mode's text as arguments: it must be one JSON object. Sent exactly as typed. */
export function readJsonArguments(
  text: string,
): { ok: true; arguments: Record<string, unknown> } | { ok: false; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, message: 'not-object' }
  return { ok: true, arguments: parsed as Record<string, unknown> }
}
