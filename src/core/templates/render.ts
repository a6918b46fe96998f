/**
 * Renders a Hugging Face chat template as transformers' `tokenizer.apply_chat_template(messages,
 * tools=..., add_generation_prompt=..., tokenize=False, **kwargs)` does: the same variables, the same
 * Jinja environment (sandboxed, trim_blocks, lstrip_blocks, loop controls, `{% generation %}`), the
 * same `tojson`, `raise_exception` and `strftime_now`, and Python's view of every value.
 */
import { compile, type Compiled } from './compile'
import type { TemplateDialect } from './dialect'
import { metered } from './cost'
import { TemplateFailure, type TemplateErrorKind } from './failure'
import { makeGlobals } from './globals'
import { Interpreter } from './interpreter'
import { normalizeSource } from './lexer'
import { Budget, DEFAULT_LIMITS, type RenderLimits } from './limits'
import { fromJs, type Value } from './values'

export interface ChatTemplateInput {
  /**
   * OpenAI-style messages, passed to the template as given (tool-call arguments as objects or JSON text).
   * Objects become Python dicts in their key order; a number with no fraction is an int (JavaScript
   * cannot tell 1.0 from 1, so a float that Python would print as `1.0` arrives as `1`).
   */
  messages: unknown[]
  /** OpenAI tool definitions (`{type: 'function', function: {...}}`), as given; absent means `tools` is None. */
  tools?: unknown[]
  /** Whether the template should open the assistant's turn. @default false */
  addGenerationPrompt?: boolean
  /** The tokenizer's special tokens (`bos_token`, `eos_token`...), as transformers passes its special_tokens_map. */
  specialTokens?: Record<string, unknown>
  /** Further template variables (`enable_thinking`, `date_string`, `documents`...); they win over special tokens. */
  variables?: Record<string, unknown>
  /** The time `strftime_now` formats, in local time as Python's datetime.now(). @default the current time */
  now?: Date
  /**
   * Render as transformers does (what vLLM, SGLang and TGI use), or with llama.cpp's relaxations:
   * lists and dicts changed in place, filters giving lists (dialect.ts).
   * @default 'transformers'
   */
  dialect?: TemplateDialect
}

export interface TemplateError {
  kind: TemplateErrorKind
  message: string
  /** 1-based line of the tag being parsed or evaluated, when known. */
  line?: number
  /** 1-based column of that tag. */
  column?: number
  /** The template line it is on. */
  excerpt?: string
  /** The Python exception transformers raises in the same case (TypeError, UndefinedError, TemplateError...). */
  exception?: string
}

export type RenderResult = { ok: true; text: string } | { ok: false; error: TemplateError }

const RESERVED = ['messages', 'tools', 'add_generation_prompt']
const CACHE_SIZE = 32
const cache = new Map<string, Compiled | TemplateFailure>()

/** Parses a template once and keeps the result for the next renders of the same text. */
function compiled(template: string): Compiled {
  let entry = cache.get(template)
  if (entry === undefined) {
    try {
      entry = compile(template)
    } catch (error) {
      if (!(error instanceof TemplateFailure)) throw error
      entry = error
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  } else cache.delete(template)
  cache.set(template, entry)
  if (entry instanceof TemplateFailure) throw entry
  return entry
}

function context(input: ChatTemplateInput): Map<string, Value> {
  const variables = { ...(input.variables ?? {}) }
  for (const name of RESERVED)
    if (Object.hasOwn(variables, name))
      throw new TemplateFailure(
        'TypeError',
        `variables.${name} would take the place of the ${name === 'add_generation_prompt' ? 'addGenerationPrompt' : name} input; pass it there`,
      )
  const documents = Object.hasOwn(variables, 'documents') ? variables.documents : null
  delete variables.documents
  const vars = new Map<string, Value>([
    ['messages', fromJs(input.messages)],
    ['tools', input.tools === undefined ? null : fromJs(input.tools)],
    ['documents', fromJs(documents)],
    ['add_generation_prompt', input.addGenerationPrompt === true],
  ])
  for (const [name, value] of Object.entries({ ...(input.specialTokens ?? {}), ...variables }))
    vars.set(name, fromJs(value))
  return vars
}

/** Renders `template` for `input`. Never throws: every failure comes back as an error with its kind and place. */
export function renderChatTemplate(template: string, input: ChatTemplateInput, limits?: RenderLimits): RenderResult {
  return renderWithCost(template, input, limits).result
}

/** A render and the steps it spent (those of a failed render too): what tests and benchmarks of cost read. */
export function renderWithCost(
  template: string,
  input: ChatTemplateInput,
  limits?: RenderLimits,
): { result: RenderResult; steps: number } {
  const settings = { ...DEFAULT_LIMITS, ...limits }
  const budget = new Budget(settings)
  try {
    if (template.length > settings.maxTemplateLength)
      throw new TemplateFailure(
        'LimitExceeded',
        `the template has ${template.length} characters, more than the ${settings.maxTemplateLength} allowed (maxTemplateLength)`,
        'limit',
      )
    const program = compiled(template)
    const now = input.now
    const globals = makeGlobals(() => now ?? new Date())
    const interpreter = new Interpreter(program, budget, input.dialect)
    const text = metered(budget, () => interpreter.render(globals, context(input)))
    return { result: { ok: true, text }, steps: budget.used }
  } catch (error) {
    return { result: { ok: false, error: describeError(error, template) }, steps: budget.used }
  }
}

function describeError(error: unknown, template: string): TemplateError {
  if (!(error instanceof TemplateFailure)) {
    if (error instanceof RangeError)
      return { kind: 'limit', message: `the template nests too deeply to evaluate (${error.message})` }
    const message = error instanceof Error ? error.message : String(error)
    return { kind: 'runtime', message: `internal error: ${message}` }
  }
  const prefix = error.kind === 'raised' || error.kind === 'limit' ? '' : `${error.pythonType}: `
  const out: TemplateError = { kind: error.kind, message: prefix + error.message, exception: error.pythonType }
  if (error.offset !== undefined) Object.assign(out, position(normalizeSource(template), error.offset))
  return out
}

function position(source: string, offset: number): Pick<TemplateError, 'line' | 'column' | 'excerpt'> {
  const before = source.slice(0, offset)
  const lineStart = before.lastIndexOf('\n') + 1
  const lineEnd = source.indexOf('\n', offset)
  const line = source.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)
  return {
    line: before.split('\n').length,
    column: offset - lineStart + 1,
    excerpt: line.length > 200 ? line.slice(Math.max(0, offset - lineStart - 80), offset - lineStart + 120) : line,
  }
}
