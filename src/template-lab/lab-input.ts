/**
 * What the Template view renders, as the person wrote it (JSON texts, switches), and the template
 * input read from it: the messages with their calls' arguments in the shape asked for, the tools,
 * the special tokens and the extra variables. A text that is not what it should be comes back as a
 * problem naming the field, never as an exception.
 */
import { isRecord } from '../core/internal'
import type { TemplateDialect } from '../core/templates'

/** How an assistant message's calls carry their arguments. */
export type ArgumentsShape = 'object' | 'json-string'

/** The fields a person writes. */
export type InputField = 'messages' | 'tools' | 'specialTokens' | 'variables'

export interface LabRenderInput {
  template: string
  /** JSON text of the messages list. */
  messages: string
  /** JSON text of the tools list; null: the template sees no tools (`tools` is None). */
  tools: string | null
  argumentsAs: ArgumentsShape
  addGenerationPrompt: boolean
  /** JSON text of an object: `bos_token`, `eos_token`, `additional_special_tokens`... */
  specialTokens: string
  /** JSON text of an object of further template variables (`enable_thinking`...). */
  variables: string
  /** Render as transformers does, or as llama.cpp's engine does. @default 'transformers' */
  dialect?: TemplateDialect
}

/** The input as the renderer takes it. */
export interface ReadInput {
  messages: unknown[]
  tools?: unknown[]
  addGenerationPrompt: boolean
  specialTokens: Record<string, unknown>
  variables: Record<string, unknown>
  dialect?: TemplateDialect
}

export interface InputProblem {
  field: InputField
  message: string
}

export type ReadResult = { ok: true; input: ReadInput } | { ok: false; problem: InputProblem }

class Problem extends Error {
  constructor(
    readonly field: InputField,
    message: string,
  ) {
    super(message)
  }
}

function parse(field: InputField, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Problem(field, `not JSON: ${(error as Error).message}`)
  }
}

function list(field: InputField, text: string): unknown[] {
  const value = parse(field, text)
  if (!Array.isArray(value)) throw new Problem(field, 'should be a JSON list [...]')
  return value
}

function object(field: InputField, text: string): Record<string, unknown> {
  if (text.trim() === '') return {}
  const value = parse(field, text)
  if (!isRecord(value)) throw new Problem(field, 'should be a JSON object {...}')
  return value
}

/** Reads what the person wrote; the first problem, by field, when something does not read. */
export function readLabInput(input: LabRenderInput): ReadResult {
  try {
    const messages = list('messages', input.messages).map((message) => withArguments(message, input.argumentsAs))
    const tools = input.tools === null ? undefined : list('tools', input.tools)
    return {
      ok: true,
      input: {
        messages,
        ...(tools ? { tools } : {}),
        addGenerationPrompt: input.addGenerationPrompt,
        specialTokens: object('specialTokens', input.specialTokens),
        variables: object('variables', input.variables),
        ...(input.dialect ? { dialect: input.dialect } : {}),
      },
    }
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: { field: error.field, message: error.message } }
    throw error
  }
}

/**
 * `message` with its calls' arguments as an object or as JSON text. Arguments that are JSON text of
 * something other than an object, or not JSON, stay as they are: the template sees what was written.
 */
export function withArguments(message: unknown, shape: ArgumentsShape): unknown {
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return message
  return { ...message, tool_calls: message.tool_calls.map((call) => callWith(call, shape)) }
}

function callWith(call: unknown, shape: ArgumentsShape): unknown {
  if (!isRecord(call) || !isRecord(call.function) || !('arguments' in call.function)) return call
  const args = call.function.arguments
  let shaped = args
  if (shape === 'json-string' && typeof args !== 'string') shaped = JSON.stringify(args)
  if (shape === 'object' && typeof args === 'string') {
    try {
      const parsed: unknown = JSON.parse(args)
      if (isRecord(parsed)) shaped = parsed
    } catch {
      // Not JSON: given as written.
    }
  }
  return { ...call, function: { ...call.function, arguments: shaped } }
}

/** The special tokens as text, for marking them: every string value, lists' strings included. */
export function specialTokenTexts(tokens: Record<string, unknown>): { name: string; text: string }[] {
  const found: { name: string; text: string }[] = []
  for (const [name, value] of Object.entries(tokens)) {
    if (typeof value === 'string' && value !== '') found.push({ name, text: value })
    else if (Array.isArray(value))
      for (const item of value) if (typeof item === 'string' && item !== '') found.push({ name, text: item })
  }
  return found
}
