/**
 * What goes back for a form-mode elicitation: the form's values as the content the server asked
 * for (choices by their value, not their label), checked field by field against the request's
 * schema before anything is sent, and the three answers (accept, decline, cancel).
 */
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import type { ElicitationField, ElicitationForm } from './elicitation-form'
import { matchesFormat } from './elicitation-formats'

/** The content of an accepted elicitation: flat values the schema allows. */
export type ElicitContent = NonNullable<ElicitResult['content']>

/** What is wrong with one field's value. */
export type ElicitationProblemCode =
  | 'required'
  | 'type'
  | 'minLength'
  | 'maxLength'
  | 'format'
  | 'minimum'
  | 'maximum'
  | 'integer'
  | 'choice'
  | 'minItems'
  | 'maxItems'
  | 'unknownField'
  | 'leftOut'

/** One field's problem; `limit` is the bound or format it missed. */
export interface ElicitationProblem {
  field: string
  code: ElicitationProblemCode
  limit?: number | string
}

/** The answer the form can give now: its content, or every problem that stops it. */
export type ElicitationAnswer = { ok: true; content: ElicitContent } | { ok: false; problems: ElicitationProblem[] }

/**
 * The form generator's arguments (choices by label) as content (choices by value). An optional
 * multi-select left empty is left out, as is anything undefined.
 */
export function contentFromForm(form: ElicitationForm, args: Readonly<Record<string, unknown>>): ElicitContent {
  const content: ElicitContent = {}
  for (const field of form.fields) {
    if (!Object.prototype.hasOwnProperty.call(args, field.name)) continue
    const value = args[field.name]
    if (value === undefined || value === null) continue
    if (field.kind === 'choice') content[field.name] = valueOfLabel(field, value) as string
    else if (field.kind === 'choices') {
      const list = Array.isArray(value) ? value.map((label) => valueOfLabel(field, label)) : value
      if (Array.isArray(list) && list.length === 0 && !field.required) continue
      content[field.name] = list as string[]
    } else content[field.name] = value as string | number | boolean
  }
  return content
}

/** Every problem of `content` against the form's fields; none means it may be sent. */
export function checkElicitationContent(
  form: ElicitationForm,
  content: Readonly<Record<string, unknown>>,
): ElicitationProblem[] {
  const problems: ElicitationProblem[] = form.missingRequired.map((field) => ({ field, code: 'leftOut' as const }))
  const known = new Set(form.fields.map((f) => f.name))
  for (const key of Object.keys(content)) if (!known.has(key)) problems.push({ field: key, code: 'unknownField' })
  for (const field of form.fields) {
    const has = Object.prototype.hasOwnProperty.call(content, field.name)
    const value = has ? content[field.name] : undefined
    if (value === undefined) {
      if (field.required) problems.push({ field: field.name, code: 'required' })
      continue
    }
    const problem = fieldProblem(field, value)
    if (problem) problems.push({ field: field.name, ...problem })
  }
  return problems
}

/** The form's arguments as checked content, or the problems that keep it from being sent. */
export function elicitationAnswer(form: ElicitationForm, args: Readonly<Record<string, unknown>>): ElicitationAnswer {
  const content = contentFromForm(form, args)
  const problems = checkElicitationContent(form, content)
  return problems.length === 0 ? { ok: true, content } : { ok: false, problems }
}

/** Accept, with content that passed {@link checkElicitationContent}. */
export function acceptResult(content: ElicitContent): ElicitResult {
  return { action: 'accept', content }
}

/** The person said no. */
export function declineResult(): ElicitResult {
  return { action: 'decline' }
}

/** The person closed the request without choosing. */
export function cancelResult(): ElicitResult {
  return { action: 'cancel' }
}

function valueOfLabel(field: ElicitationField, label: unknown): unknown {
  return field.choices?.find((choice) => choice.label === label)?.value ?? label
}

type Found = Omit<ElicitationProblem, 'field'> | null

function fieldProblem(field: ElicitationField, value: unknown): Found {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? textProblem(field, value) : { code: 'type', limit: 'string' }
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'type', limit: field.kind }
      if (field.kind === 'integer' && !Number.isInteger(value)) return { code: 'integer' }
      if (field.minimum !== undefined && value < field.minimum) return { code: 'minimum', limit: field.minimum }
      if (field.maximum !== undefined && value > field.maximum) return { code: 'maximum', limit: field.maximum }
      return null
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'type', limit: 'boolean' }
    case 'choice':
      return isChoice(field, value) ? null : { code: 'choice' }
    case 'choices':
      return choicesProblem(field, value)
  }
}

function textProblem(field: ElicitationField, value: string): Found {
  // JSON Schema counts characters, not UTF-16 units: an emoji is one.
  const length = [...value].length
  if (field.minLength !== undefined && length < field.minLength) return { code: 'minLength', limit: field.minLength }
  if (field.maxLength !== undefined && length > field.maxLength) return { code: 'maxLength', limit: field.maxLength }
  if (field.format && !matchesFormat(field.format, value)) return { code: 'format', limit: field.format }
  return null
}

function choicesProblem(field: ElicitationField, value: unknown): Found {
  if (!Array.isArray(value)) return { code: 'type', limit: 'array' }
  if (!value.every((item) => isChoice(field, item))) return { code: 'choice' }
  if (field.minItems !== undefined && value.length < field.minItems) return { code: 'minItems', limit: field.minItems }
  if (field.maxItems !== undefined && value.length > field.maxItems) return { code: 'maxItems', limit: field.maxItems }
  return null
}

function isChoice(field: ElicitationField, value: unknown): boolean {
  return typeof value === 'string' && (field.choices ?? []).some((choice) => choice.value === value)
}
