import type { MessageParam, MessageParams, MessageRef, MessageTable } from './types'

/** A template cut once into literal text and placeholder names (odd indexes are names). */
type Compiled = readonly string[]

const compiledByTemplate = new Map<string, Compiled>()

/**
 * Cuts a template at its `{name}` placeholders. `{{` and `}}` stand for literal braces, so a
 * template can show JSON. A `{` that starts no placeholder is kept as text.
 */
export function compileTemplate(template: string): Compiled {
  const cached = compiledByTemplate.get(template)
  if (cached) return cached
  const parts: string[] = []
  let text = ''
  let i = 0
  while (i < template.length) {
    const c = template[i]
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      text += c
      i += 2
      continue
    }
    if (c === '{') {
      const close = template.indexOf('}', i + 1)
      const name = close < 0 ? '' : template.slice(i + 1, close)
      if (/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
        parts.push(text, name)
        text = ''
        i = close + 1
        continue
      }
    }
    text += c
    i++
  }
  parts.push(text)
  compiledByTemplate.set(template, parts)
  return parts
}

/** The placeholder names a template uses, in order of first use. */
export function templatePlaceholders(template: string): string[] {
  const parts = compileTemplate(template)
  const names: string[] = []
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] ?? ''
    if (!names.includes(name)) names.push(name)
  }
  return names
}

/**
 * Renders a message with `table`, falling back to `fallback` for an id the table lacks, and to the
 * id itself when neither has it (a message never renders empty). A placeholder without its
 * parameter stays as `{name}`, so a missing parameter is visible rather than silent.
 */
export function renderMessage(ref: MessageRef, table: MessageTable, fallback?: MessageTable): string {
  const template = table[ref.id] ?? fallback?.[ref.id]
  if (template === undefined) return ref.id
  const parts = compileTemplate(template)
  let out = parts[0] ?? ''
  for (let i = 1; i < parts.length; i += 2) {
    out += renderParam(parts[i] ?? '', ref.params, table, fallback) + (parts[i + 1] ?? '')
  }
  return out
}

function renderParam(
  name: string,
  params: MessageParams | undefined,
  table: MessageTable,
  fallback: MessageTable | undefined,
): string {
  const value: MessageParam | undefined = params?.[name]
  if (value === undefined) return `{${name}}`
  if (typeof value === 'object') return renderMessage(value, table, fallback)
  return String(value)
}

/** A finding that may carry its message's id: diagnostics, plan reasons, detected formats. */
export interface Localizable {
  message: string
  messageId?: string
  params?: MessageParams
}

/**
 * A finding's text in the language of `table`: rendered from its id when it has one and the table
 * knows it, else its English `message` as written.
 */
export function messageIn(table: MessageTable, found: Localizable): string {
  if (found.messageId === undefined || table[found.messageId] === undefined) return found.message
  return renderMessage({ id: found.messageId, params: found.params }, table)
}
