/**
 * The reference model of the server conformance lab: a model whose every decision is known in
 * advance, so what a server sends can be checked against what it should have sent. Pure: a
 * chat-completions request body in, a reply out. Other servers implement the same rules, so they
 * are followed to the letter here; the body is read defensively because it comes off the wire.
 */

export interface ReferenceCall {
  name: string
  arguments: Record<string, unknown>
}

export type ReferenceReply = { text: string } | { calls: ReferenceCall[] }

/** The model's only text answer. */
export const REFERENCE_TEXT = 'Done.'

interface Tool {
  name: string
  parameters: unknown
}

type ToolChoice = { kind: 'auto' | 'none' | 'required' } | { kind: 'named'; name: string }

interface Message {
  role: string
  text: string
}

/** What counts as part of a name: an occurrence next to one of these is inside a longer name. */
const NAME_CHARACTER = '[A-Za-z0-9_-]'

export function referenceReply(body: unknown): ReferenceReply {
  const request = asRecord(body) ?? {}
  const tools = toolsOf(request.tools)
  const choice = toolChoiceOf(request.tool_choice)
  const first = tools[0]
  if (!first || choice.kind === 'none') return { text: REFERENCE_TEXT }

  const messages = messagesOf(request.messages)
  let names: string[]
  if (choice.kind === 'named') names = [choice.name]
  else if (choice.kind === 'auto' && messages.at(-1)?.role === 'tool') return { text: REFERENCE_TEXT }
  else {
    const lastUser = messages.findLast((message) => message.role === 'user')
    names = namesInText(
      lastUser?.text ?? '',
      tools.map((tool) => tool.name),
    )
    if (names.length === 0) names = [first.name]
  }
  if (request.parallel_tool_calls === false) names = names.slice(0, 1)
  return {
    calls: names.map((name) => ({
      name,
      arguments: toolArguments(tools.find((tool) => tool.name === name)?.parameters),
    })),
  }
}

/** Every occurrence of a name standing alone in the text, in order of occurrence. */
export function namesInText(text: string, names: readonly string[]): string[] {
  const found: { at: number; order: number; name: string }[] = []
  new Set(names).forEach((name) => {
    if (!name) return
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const pattern = new RegExp(`(?<!${NAME_CHARACTER})${escaped}(?!${NAME_CHARACTER})`, 'g')
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, order: found.length, name })
  })
  return found.sort((a, b) => a.at - b.at || a.order - b.order).map((hit) => hit.name)
}

/** A value for every required property, in the order of the schema's `properties`. */
export function toolArguments(parameters: unknown): Record<string, unknown> {
  const schema = asRecord(parameters)
  const properties = asRecord(schema?.properties) ?? {}
  const required: unknown[] = Array.isArray(schema?.required) ? schema.required : []
  // fromEntries, not assignment, so a property named `__proto__` stays a property.
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([key]) => required.includes(key))
      .map(([key, property]) => [key, sampleValue(property)]),
  )
}

function sampleValue(property: unknown): unknown {
  const schema = asRecord(property) ?? {}
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  const type: unknown = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'integer':
      return 1
    case 'number':
      return 1.5
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return {}
    default:
      return 'test'
  }
}

function toolsOf(value: unknown): Tool[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const fn = asRecord(asRecord(entry)?.function)
    return typeof fn?.name === 'string' ? [{ name: fn.name, parameters: fn.parameters }] : []
  })
}

function toolChoiceOf(value: unknown): ToolChoice {
  if (value === 'none' || value === 'required') return { kind: value }
  const name = asRecord(asRecord(value)?.function)?.name
  return typeof name === 'string' ? { kind: 'named', name } : { kind: 'auto' }
}

function messagesOf(value: unknown): Message[] {
  if (!Array.isArray(value)) return []
  return value.map((entry) => {
    const message = asRecord(entry) ?? {}
    return { role: typeof message.role === 'string' ? message.role : '', text: textOf(message.content) }
  })
}

/** A message's text: a string, or the texts of its `{ type: 'text' }` parts joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((part) => {
      const record = asRecord(part)
      return record?.type === 'text' && typeof record.text === 'string' ? record.text : ''
    })
    .join('')
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
