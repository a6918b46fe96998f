/**
 * The parts of a case (messages, functions offered, calls expected) from what a chat round had,
 * checked as the suite readers check them: "save as case" turns the calls a reply made into the
 * calls expected, and the readers build their cases from the same parts.
 */
import { isRecord, setOwn } from '../own-record'
import type { DecodedCall, EvalCase, EvalCategory, EvalFunction, EvalMessage, ExpectedCall } from './types'

type Checked<K extends string, T> = { [P in K]: T } | { error: string }

const ROLES: readonly EvalMessage['role'][] = ['system', 'user', 'assistant', 'tool']
// Deeper schemas are refused rather than walked, so hostile input cannot exhaust the stack.
const MAX_SCHEMA_DEPTH = 64

/**
 * The messages of a conversation: each `{role, content}` with role system, user, assistant or tool
 * (OpenAI's `developer` reads as system) and text content (a string, or a list of text parts).
 */
export function messagesOf(value: unknown): Checked<'messages', EvalMessage[]> {
  if (!Array.isArray(value)) return { error: 'expected a list of messages' }
  if (value.length === 0) return { error: 'no messages' }
  const messages: EvalMessage[] = []
  for (const [index, message] of value.entries()) {
    const at = `message ${index + 1}`
    if (!isRecord(message)) return { error: `${at} is not an object` }
    const role = message.role === 'developer' ? 'system' : message.role
    const known = ROLES.find((name) => name === role)
    if (known === undefined) return { error: `${at}: role ${JSON.stringify(role)} is not one of ${ROLES.join(', ')}` }
    const content = textOf(message.content)
    if (content === undefined) return { error: `${at}: its content is not text` }
    messages.push({ role: known, content })
  }
  return { messages }
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return undefined
  const texts = content.map((part) => (isRecord(part) && part.type === 'text' ? part.text : undefined))
  return texts.every((text) => typeof text === 'string') ? texts.join('') : undefined
}

/**
 * A function from a tool as an API lists it: an OpenAI tool `{type: 'function', function: {...}}`,
 * a bare `{name, description, parameters}` (BFCL's form), or an MCP tool `{name, inputSchema}`.
 * No parameters reads as none; the schema is checked for shape (types are strings, properties are
 * schemas) and kept as given.
 */
export function functionFromTool(tool: unknown): Checked<'function', EvalFunction> {
  if (!isRecord(tool)) return { error: 'not an object' }
  const inner = tool.type === 'function' && isRecord(tool.function) ? tool.function : tool
  const { name, description } = inner
  if (typeof name !== 'string' || name === '') return { error: 'it has no "name"' }
  if (description !== undefined && typeof description !== 'string') return { error: `${name}: description is not text` }
  const schema = inner.parameters ?? inner.inputSchema ?? { type: 'object', properties: {} }
  const problem = schemaProblem(schema, 'parameters', 0)
  if (problem !== undefined) return { error: `${name}: ${problem}` }
  const parameters = schema as EvalFunction['parameters']
  return {
    function: {
      name,
      ...(description === undefined ? {} : { description }),
      parameters: { ...parameters, properties: parameters.properties ?? {} },
    },
  }
}

function schemaProblem(schema: unknown, path: string, depth: number): string | undefined {
  if (depth > MAX_SCHEMA_DEPTH) return `${path}: nested too deeply`
  if (!isRecord(schema)) return `${path}: expected a schema object`
  if (schema.type !== undefined && typeof schema.type !== 'string') return `${path}: "type" must be one type name`
  const { properties, required, items } = schema
  if (required !== undefined && !(Array.isArray(required) && required.every((key) => typeof key === 'string'))) {
    return `${path}: "required" must be a list of names`
  }
  if (items !== undefined) {
    const problem = schemaProblem(items, `${path}.items`, depth + 1)
    if (problem !== undefined) return problem
  }
  if (properties === undefined) return undefined
  if (!isRecord(properties)) return `${path}: "properties" must be an object`
  for (const [key, property] of Object.entries(properties)) {
    const problem = schemaProblem(property, `${path}.${key}`, depth + 1)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** The functions offered, as {@link functionFromTool} reads each; names must be unique. */
export function functionsOf(value: unknown): Checked<'functions', EvalFunction[]> {
  if (!Array.isArray(value)) return { error: 'expected a list of functions' }
  const functions: EvalFunction[] = []
  for (const [index, tool] of value.entries()) {
    const read = functionFromTool(tool)
    if ('error' in read) return { error: `function ${index + 1}: ${read.error}` }
    if (functions.some((known) => known.name === read.function.name)) {
      return { error: `${read.function.name} is offered twice` }
    }
    functions.push(read.function)
  }
  return { functions }
}

/** The functions of tools an API lists (see {@link functionFromTool}); tools that do not read are left out. */
export function functionsFromTools(tools: readonly unknown[]): EvalFunction[] {
  return tools.flatMap((tool) => {
    let copy: unknown
    try {
      copy = plainCopy(tool)
    } catch {
      return [] // not JSON (a cycle, a bigint): it could not be offered to a model either
    }
    const read = functionFromTool(copy)
    return 'function' in read ? [read.function] : []
  })
}

/**
 * Expected calls in BFCL's `ground_truth` form, `{name: {argument: [accepted values]}}`, each a
 * function offered. Unknown argument names are allowed (BFCL's own data has some).
 */
export function expectedCallsOf(
  value: readonly unknown[],
  functions: readonly EvalFunction[],
): Checked<'calls', ExpectedCall[]> {
  for (const [index, call] of value.entries()) {
    const at = `call ${index + 1}`
    const entries = isRecord(call) ? Object.entries(call) : []
    const [entry] = entries
    if (entry === undefined || entries.length !== 1)
      return { error: `${at}: expected {"name": {"argument": [values]}}` }
    const [name, args] = entry
    if (!functions.some((offered) => offered.name === name)) {
      return { error: `${at}: ${name} is not among the functions offered (${namesOf(functions)})` }
    }
    if (!isRecord(args)) return { error: `${at}: the arguments of ${name} are not an object` }
    const notList = Object.keys(args).find((key) => !Array.isArray(args[key]))
    if (notList !== undefined) return { error: `${at}: ${name}.${notList} must list its accepted values` }
  }
  return { calls: value as ExpectedCall[] }
}

function namesOf(functions: readonly EvalFunction[]): string {
  return functions.length === 0 ? 'none' : functions.map((offered) => offered.name).join(', ')
}

/**
 * The category calls make: none is `irrelevance`; one is `simple` among one function offered and
 * `multiple` among several; several of one function are `parallel`, of several functions
 * `parallel_multiple`.
 */
export function inferCategory(
  calls: readonly ExpectedCall[] | readonly DecodedCall[],
  functionCount: number,
): EvalCategory {
  const names = calls.flatMap((call) => Object.keys(call))
  if (names.length === 0) return 'irrelevance'
  if (names.length === 1) return functionCount > 1 ? 'multiple' : 'simple'
  return new Set(names).size === 1 ? 'parallel' : 'parallel_multiple'
}

/** Why a number of expected calls does not fit a category, or undefined when it does. */
export function callCountProblem(category: EvalCategory, count: number): string | undefined {
  if (category === 'irrelevance') return count === 0 ? undefined : `an irrelevance case expects no call, not ${count}`
  if (category === 'simple' || category === 'multiple') {
    return count === 1 ? undefined : `a ${category} case expects exactly one call, not ${count}`
  }
  return count > 0 ? undefined : `a ${category} case expects at least one call`
}

/**
 * A case that expects exactly the calls a reply made: each argument's value is its one accepted
 * value, the category is inferred ({@link inferCategory}). Inputs are copied (they may be reactive
 * state), so they must be plain JSON. Without an id, one is made from the conversation and calls,
 * so saving the same round twice gives the same id.
 */
export function caseFromCalls(input: {
  id?: string
  messages: EvalMessage[]
  functions: EvalFunction[]
  calls: DecodedCall[]
}): EvalCase {
  const messages = plainCopy(input.messages) as EvalMessage[]
  const functions = plainCopy(input.functions) as EvalFunction[]
  const expected = (plainCopy(input.calls) as DecodedCall[]).flatMap((call) =>
    Object.entries(call).map(([name, args]) => expectedCallOf(name, isRecord(args) ? args : {})),
  )
  const id = input.id ?? `case-${fingerprint(JSON.stringify([messages, expected]))}`
  return { id, category: inferCategory(expected, functions.length), messages, functions, expected }
}

/** `{name: {argument: [value]}}` for a call made. */
export function expectedCallOf(name: string, args: Record<string, unknown>): ExpectedCall {
  const accepted: Record<string, unknown[]> = {}
  for (const [key, value] of Object.entries(args)) setOwn(accepted, key, [value])
  const call: ExpectedCall = {}
  setOwn(call, name, accepted)
  return call
}

function plainCopy(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
}

/** FNV-1a, 32 bits, in hex: short, stable, and the same in every runtime. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}
