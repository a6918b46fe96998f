/**
 * `vcp render`'s command line read: the template (a file, or a vendored one by --model), and either
 * a conversation to render, --infer to analyse the template, or --list for the vendored ones.
 * Options of one mode are refused in another.
 */
import { parseJsonAsPython, type TemplateDialect } from '../core/templates'
import { UsageError } from './arguments'

/** Where the template comes from. */
export type TemplateSource =
  | { kind: 'file'; path: string }
  /** A vendored template by its catalog id. */
  | { kind: 'vendored'; id: string }

/** What the template is rendered with, beyond the conversation. */
export interface RenderSettings {
  /** --template-name: one of a tokenizer_config.json's named templates. */
  templateName: string | undefined
  /** --bos and --eos: special tokens that replace the tokenizer config's (or the catalog's). */
  specialTokens: Record<string, string>
  /** --var NAME=VALUE, the value as JSON when it parses, else as text; in the order given. */
  variables: Record<string, unknown>
  /** --dialect: render as transformers does or with llama.cpp's relaxations; unset lets --infer choose. */
  dialect: TemplateDialect | undefined
}

/** A `vcp render` command line, read. */
export type RenderOptions =
  | { mode: 'list' }
  | ({
      mode: 'render'
      template: TemplateSource
      /** The --messages file; `-` is standard input. */
      messages: string
      /** The --tools file, when given: it replaces the tools of the messages file. */
      tools: string | undefined
      generationPrompt: boolean
    } & RenderSettings)
  | ({ mode: 'infer'; template: TemplateSource } & RenderSettings)

const VALUED = ['--messages', '--tools', '--template-name', '--model', '--bos', '--eos', '--var', '--dialect']
const DIALECTS: readonly TemplateDialect[] = ['transformers', 'llama.cpp']
const FLAGS = ['--generation-prompt', '--infer', '--list']
/** Options that may be given more than once. */
const REPEATABLE = ['--var']
/** Options only a render of a conversation takes. */
const RENDER_ONLY = ['--messages', '--tools', '--generation-prompt']
/** What the template receives apart from --var: naming them there would hide the input. */
const RESERVED: Record<string, string> = {
  messages: '--messages',
  tools: '--tools',
  add_generation_prompt: '--generation-prompt',
}
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Reads `vcp render`'s arguments (those after `render`); throws UsageError saying what is wrong. */
export function readRenderArgs(args: readonly string[]): RenderOptions {
  const given = new Map<string, string[]>()
  const files: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (!arg.startsWith('--')) {
      files.push(arg)
      continue
    }
    if (FLAGS.includes(arg)) {
      if (given.has(arg)) throw new UsageError(`${arg} is given twice`)
      given.set(arg, [])
      continue
    }
    if (!VALUED.includes(arg)) throw new UsageError(`unknown option ${arg}`)
    const value = args[++i]
    if (value === undefined) throw new UsageError(`${arg} needs a value`)
    const values = given.get(arg) ?? []
    if (values.length > 0 && !REPEATABLE.includes(arg)) throw new UsageError(`${arg} is given twice`)
    given.set(arg, [...values, value])
  }
  if (given.has('--list')) {
    const other = [...given.keys()].find((option) => option !== '--list')
    if (other !== undefined || files.length > 0)
      throw new UsageError(`--list takes nothing else, got ${other ?? `"${files[0]}"`}`)
    return { mode: 'list' }
  }
  const template = templateOf(files, given.get('--model')?.[0])
  const settings = settingsOf(given)
  if (given.has('--infer')) {
    const wrong = RENDER_ONLY.find((option) => given.has(option))
    if (wrong)
      throw new UsageError(`${wrong} is for rendering a conversation; --infer probes the template with its own`)
    return { mode: 'infer', template, ...settings }
  }
  const messages = given.get('--messages')?.[0]
  if (messages === undefined) throw new UsageError('give --messages FILE (or --infer, or --list)')
  return {
    mode: 'render',
    template,
    messages,
    tools: given.get('--tools')?.[0],
    generationPrompt: given.has('--generation-prompt'),
    ...settings,
  }
}

function templateOf(files: readonly string[], model: string | undefined): TemplateSource {
  if (files.length > 1) throw new UsageError(`takes one template file, got ${files.length}`)
  const path = files[0]
  if (path !== undefined && model !== undefined)
    throw new UsageError(`give a template file or --model ID, not both ("${path}" and --model ${model})`)
  if (model !== undefined) return { kind: 'vendored', id: model }
  if (path === undefined) throw new UsageError('give a template file (.jinja or tokenizer_config.json) or --model ID')
  if (path === '-') throw new UsageError('the template is read from a file, not standard input')
  return { kind: 'file', path }
}

function settingsOf(given: ReadonlyMap<string, string[]>): RenderSettings {
  const specialTokens: Record<string, string> = {}
  const bos = given.get('--bos')?.[0]
  const eos = given.get('--eos')?.[0]
  if (bos !== undefined) specialTokens.bos_token = bos
  if (eos !== undefined) specialTokens.eos_token = eos
  const variables: Record<string, unknown> = {}
  for (const assignment of given.get('--var') ?? []) {
    const equals = assignment.indexOf('=')
    const name = equals < 0 ? '' : assignment.slice(0, equals)
    if (!IDENTIFIER.test(name))
      throw new UsageError(`--var needs NAME=VALUE with NAME a variable name, got "${assignment}"`)
    const input = RESERVED[name]
    if (input !== undefined) throw new UsageError(`--var ${name}: give it with ${input}`)
    variables[name] = variableValue(assignment.slice(equals + 1))
  }
  const dialect = given.get('--dialect')?.[0]
  if (dialect !== undefined && !DIALECTS.includes(dialect as TemplateDialect))
    throw new UsageError(`--dialect is transformers or llama.cpp, got "${dialect}"`)
  return {
    templateName: given.get('--template-name')?.[0],
    specialTokens,
    variables,
    dialect: dialect as TemplateDialect | undefined,
  }
}

/** A --var value: JSON when it parses as JSON (`false`, `3`, `["a"]`, `"x"`), else the text itself. */
export function variableValue(text: string): unknown {
  try {
    // As Python reads it: `1.0` stays a float.
    return parseJsonAsPython(text)
  } catch {
    return text
  }
}
