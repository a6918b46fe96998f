/**
 * What `vcp render` reads: the template (a .jinja file, a tokenizer_config.json with its special
 * tokens, or a vendored template), the conversation, and the tools, OpenAI-style or as an MCP
 * server lists them. Every problem stops the command with one line saying what and where.
 */
import { chooseChatTemplate, parseJsonAsPython, readTokenizerConfig } from '../core/templates'
import { VENDORED_TEMPLATES } from '../templates/catalog'
import { readVendoredTemplate } from '../templates/node'
import { messageOf } from './eval-io'
import type { TemplateSource } from './render-arguments'
import type { CliIo } from './vcp'

/** A reason to stop with exit status 2, said on standard error in one line. */
export class RenderStop extends Error {}

/** A template ready to render, with the special tokens its source gives. */
export interface LoadedTemplate {
  text: string
  /** How messages name it: the file's path (and template name), or the vendored id. */
  label: string
  specialTokens: Record<string, string | string[]>
}

/** The conversation to render. */
export interface Conversation {
  messages: unknown[]
  /** Absent when neither file gives tools: the template then sees `tools` as None. */
  tools?: unknown[]
}

type Io = Pick<CliIo, 'readFile' | 'readStdin'>

/**
 * The template of `source`. A `.json` file is read as a tokenizer_config.json: its template named
 * `templateName`, else the one apply_chat_template would pick (`tool_use` when `withTools`).
 */
export async function loadTemplate(
  source: TemplateSource,
  options: { templateName: string | undefined; withTools: boolean },
  io: Io,
): Promise<LoadedTemplate> {
  if (source.kind === 'vendored') {
    if (options.templateName !== undefined)
      throw new RenderStop('--template-name picks a template of a tokenizer_config.json, not of --model')
    const entry = VENDORED_TEMPLATES.find((candidate) => candidate.id === source.id)
    if (!entry) throw new RenderStop(`no vendored template "${source.id}" (vcp render --list lists them)`)
    return { text: await readVendoredTemplate(entry.id), label: entry.id, specialTokens: { ...entry.specialTokens } }
  }
  const { path } = source
  const text = await readText(path, io)
  if (!/\.json$/i.test(path)) {
    if (options.templateName !== undefined)
      throw new RenderStop(`--template-name picks a template of a tokenizer_config.json; ${path} is a template itself`)
    return { text, label: path, specialTokens: {} }
  }
  const config = readTokenizerConfig(text)
  if (!config.ok) throw new RenderStop(`${path}: ${config.error}`)
  const choice = chooseChatTemplate(config.config, {
    ...(options.templateName !== undefined ? { name: options.templateName } : {}),
    withTools: options.withTools,
  })
  if (!choice.ok) throw new RenderStop(`${path}: ${choice.error}`)
  const named = Object.keys(config.config.chatTemplates).length > 1 ? ` (template "${choice.name}")` : ''
  return { text: choice.template, label: `${path}${named}`, specialTokens: config.config.specialTokens }
}

/**
 * The messages of `messagesPath` (a JSON array, or `{"messages": [...], "tools": [...]}`), with the
 * tools of `toolsPath` in place of the file's own when given. Both are read as Python's json.loads
 * reads them (a server's template sees `1.0` as a float and keys in their written order), so the
 * prompt is the server's byte for byte.
 */
export async function readConversation(
  messagesPath: string,
  toolsPath: string | undefined,
  io: Io,
): Promise<Conversation> {
  const value = await readJson(messagesPath, io)
  const wrapped = Array.isArray(field(value, 'messages'))
  const messages = wrapped ? field(value, 'messages') : value
  if (!Array.isArray(messages))
    throw new RenderStop(`${messagesPath} must hold a JSON array of messages (or {"messages": [...], "tools": [...]})`)
  const given = field(value, 'tools')
  const fileTools = wrapped && given !== undefined ? templateTools(given, messagesPath) : undefined
  const tools = toolsPath === undefined ? fileTools : templateTools(await readJson(toolsPath, io), toolsPath)
  return { messages, ...(tools !== undefined ? { tools } : {}) }
}

/**
 * Tools as a template takes them, OpenAI-style: an array of definitions, `{"tools": [...]}`, or an
 * MCP `tools/list` result (or its JSON-RPC response), whose `{name, description, inputSchema}`
 * become `{type: "function", function: {name, description, parameters}}`.
 */
export function templateTools(value: unknown, where: string): unknown[] {
  const result = field(value, 'result')
  const listed = isDict(result) ? result : value
  const tools = Array.isArray(field(listed, 'tools')) ? field(listed, 'tools') : listed
  if (!Array.isArray(tools))
    throw new RenderStop(
      `${where} must hold a JSON array of tool definitions, {"tools": [...]}, or an MCP tools/list result`,
    )
  return tools.map((tool) => (isMcpTool(tool) ? fromMcpTool(tool) : tool))
}

function isMcpTool(tool: unknown): boolean {
  return typeof field(tool, 'name') === 'string' && has(tool, 'inputSchema') && !has(tool, 'function')
}

/** An MCP tool as an OpenAI definition, a dict in the order OpenAI writes one. */
function fromMcpTool(tool: unknown): unknown {
  const description = field(tool, 'description')
  const definition = new Map<string, unknown>([['name', field(tool, 'name')]])
  if (typeof description === 'string') definition.set('description', description)
  definition.set('parameters', field(tool, 'inputSchema'))
  return new Map<string, unknown>([
    ['type', 'function'],
    ['function', definition],
  ])
}

/** A JSON object as read here (a Map) or as JavaScript has it. */
function isDict(value: unknown): value is Map<string, unknown> | Record<string, unknown> {
  return value instanceof Map || isObject(value)
}

function field(value: unknown, key: string): unknown {
  if (value instanceof Map) return value.get(key)
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined
}

function has(value: unknown, key: string): boolean {
  return value instanceof Map ? value.has(key) : isObject(value) && Object.hasOwn(value, key)
}

async function readText(path: string, io: Io): Promise<string> {
  try {
    return path === '-' ? await io.readStdin() : await io.readFile(path)
  } catch (error) {
    throw new RenderStop(`cannot read ${path}: ${oneLine(messageOf(error))}`)
  }
}

async function readJson(path: string, io: Io): Promise<unknown> {
  const text = await readText(path, io)
  try {
    return parseJsonAsPython(text)
  } catch (error) {
    throw new RenderStop(`${path} is not JSON: ${oneLine(messageOf(error))}`)
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A message as one line: runs of whitespace (line breaks among them) as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
