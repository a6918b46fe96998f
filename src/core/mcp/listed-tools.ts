/**
 * A server's `tools/list` answer read as methods: each tool checked (its name, its parameters'
 * names), its text cleaned, its schema measured, and what the workbench refused or cut said in
 * notices. Pure apart from the schema checker it is given, so the fuzz harness runs it as it is.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import type { ArgumentProblem, MethodMetadata, ToolAnnotations } from '../types'
import { isRecord } from '../own-record'
import { schemaIsOpen, schemaParameters, type ParameterBudget, type SchemaReport } from './schema-parameters'
import { cleanServerText, escapedName, MCP_TOOL_NAME } from './server-text'
import {
  capDescription,
  displaySchema,
  linearPatternProblem,
  linearRegExp,
  MAX_SCHEMA_PROPERTIES,
  MAX_SERVER_PROMPT,
  MAX_TOOL_DESCRIPTION,
  MAX_TOOL_PROMPT,
  measureSchema,
  MIN_TOOL_PROMPT,
  schemaRefusal,
} from './schema-limits'
import { budgetedSchema, countParameters, cutDescription, toolPromptChars } from './schema-budget'

export interface ListedToolsReading {
  methods: MethodMetadata[]
  /** One sentence per tool refused, schema not checked, text cut. */
  notices: string[]
}

/** Checks arguments against tools' schemas; compiles each schema once, on its first check. */
export interface SchemaChecker {
  /** Forgets every compiled schema (the tools were listed again). */
  reset(): void
  check(name: string, schema: Record<string, unknown>, args: Record<string, unknown>): ArgumentProblem[]
  /** This tool's schema is not checked here (too large or deep): the server checks it. */
  skip(name: string): void
}

export function readListedTools(
  server: string,
  listed: readonly unknown[],
  checker: SchemaChecker = createSchemaChecker(),
): ListedToolsReading {
  const reader = listedToolsReader(server, checker)
  for (const tool of listed) reader.read(tool)
  return reader.finish()
}

/**
 * `readListedTools`, awaiting `pause()` after each tool whose schema was cut or refused: reading
 * one of 50,000 properties takes tens of milliseconds, and a page should draw between two.
 */
export async function readListedToolsInSteps(
  server: string,
  listed: readonly unknown[],
  checker: SchemaChecker,
  pause: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<ListedToolsReading> {
  const reader = listedToolsReader(server, checker)
  for (const tool of listed) if (reader.read(tool) === 'big') await pause()
  return reader.finish()
}

/** Reads a list tool by tool: one server's share of the tools prompt is spent in listing order. */
function listedToolsReader(server: string, checker: SchemaChecker) {
  const notices: string[] = []
  checker.reset()
  const found: MethodMetadata[] = []
  let left = MAX_SERVER_PROMPT
  const notOffered: string[] = []
  return {
    /** 'big' when the tool's schema was over a limit, and so took a while to read. */
    read(tool: unknown): 'big' | 'small' {
      const offered = left >= MIN_TOOL_PROMPT
      const size = { big: false }
      const method = methodOf(
        server,
        tool,
        notices,
        checker,
        offered ? Math.min(MAX_TOOL_PROMPT, left) : MAX_TOOL_PROMPT,
        size,
      )
      if (!method) return size.big ? 'big' : 'small'
      if (offered) left -= toolPromptChars(method)
      else {
        method.agentCallable = false
        notOffered.push(method.name)
      }
      found.push(method)
      return size.big ? 'big' : 'small'
    },
    finish(): ListedToolsReading {
      if (notOffered.length > 0)
        notices.push(
          `The tools of "${server}" pass ${MAX_SERVER_PROMPT.toLocaleString('en-US')} characters, the most one server may write into the tools prompt: ${notOffered.length} tool${notOffered.length === 1 ? ' is' : 's'} (${notOffered
            .slice(0, 5)
            .map((n) => `"${n}"`)
            .join(
              ', ',
            )}${notOffered.length > 5 ? ', ...' : ''}) ${notOffered.length === 1 ? 'is' : 'are'} not offered to the model; they are in Discovery and the Executor.`,
        )
      return { methods: dedupe(found), notices }
    },
  }
}

/** Ajv, with patterns on RE2 (linear time): a server's `^(a+)+$` cannot make a check backtrack. */
export function createSchemaChecker(): SchemaChecker {
  // A server's schema is data: what Ajv cannot use (an unknown format) is not worth a console line each time.
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateSchema: false,
    logger: false,
    code: { regExp: linearRegExp },
  })
  const validators = new Map<string, ValidateFunction | null>()
  return {
    check(name, schema, args) {
      let check = validators.get(name)
      if (check === undefined) {
        try {
          check = ajv.compile(schema)
        } catch {
          // A schema the validator cannot compile: the server checks the arguments itself.
          check = null
        }
        validators.set(name, check)
      }
      if (!check || check({ ...args })) return []
      return (check.errors ?? []).map(problemOf)
    },
    skip: (name) => void validators.set(name, null),
    reset: () => validators.clear(),
  }
}

/**
 * The server's tool as a method, or null (with a notice) when it cannot be offered safely; it
 * writes at most `budget` characters into the tools prompt. `size.big` is set when its schema
 * was over a limit.
 */
function methodOf(
  server: string,
  raw: unknown,
  said: string[],
  checker: SchemaChecker,
  budget: number,
  size: { big: boolean },
): MethodMetadata | null {
  const listed = (isRecord(raw) ? raw : {}) as {
    name?: unknown
    title?: unknown
    description?: unknown
    inputSchema?: unknown
    outputSchema?: unknown
    annotations?: unknown
  }
  const name = typeof listed.name === 'string' ? listed.name : ''
  if (!MCP_TOOL_NAME.test(name)) {
    said.push(
      `The tool ${escapedName(String(listed.name))} of "${server}" was refused: MCP tool names are 1 to 128 letters, digits, "_", "-" and ".".`,
    )
    return null
  }
  const inputSchema = isRecord(listed.inputSchema) ? listed.inputSchema : { type: 'object' }
  const rawDescription =
    typeof listed.description === 'string' ? listed.description : typeof listed.title === 'string' ? listed.title : ''
  // A quarter of the tool's budget at most: the rest is its parameters'.
  const description = capDescription(
    cleanServerText(rawDescription, { multiline: true }),
    Math.min(MAX_TOOL_DESCRIPTION, Math.floor(budget / 4)),
  )
  const report: SchemaReport = { notes: [], badNames: [] }
  const spent: ParameterBudget = {
    parameters: MAX_SCHEMA_PROPERTIES,
    chars: budget - name.length - description.text.length,
    cut: 0,
  }
  const parameters = schemaParameters(inputSchema, report, spent)
  size.big = spent.cut > 0
  if (report.badNames.length > 0) {
    said.push(
      `The tool "${name}" of "${server}" was refused: its parameter name${report.badNames.length > 1 ? 's' : ''} ${report.badNames.slice(0, 3).join(', ')} use${report.badNames.length > 1 ? '' : 's'} characters a protocol cannot carry.`,
    )
    return null
  }
  const measure = measureSchema(inputSchema)
  const refusal = schemaRefusal(measure)
  if (refusal) size.big = true
  if (refusal) {
    checker.skip(name)
    said.push(`"${name}": ${refusal}, so its arguments are not checked here (the server checks them).`)
  }
  for (const pattern of measure.patterns) {
    const problem = linearPatternProblem(pattern)
    if (problem)
      said.push(
        `"${name}": the pattern ${escapedName(pattern)} is not checked here, since it needs a backtracking engine (${problem}); the server checks it.`,
      )
  }
  if (description.cut > 0)
    report.notes.unshift(`its description was cut by ${description.cut.toLocaleString('en-US')} characters`)
  const shown = countParameters(parameters)
  const declared = shown + spent.cut
  if (spent.cut > 0)
    report.notes.push(
      `its schema declares ${declared.toLocaleString('en-US')} parameters; the first ${shown.toLocaleString('en-US')} are shown in Discovery, the form and the tools prompt (a tool may have ${MAX_SCHEMA_PROPERTIES} and write ${MAX_TOOL_PROMPT.toLocaleString('en-US')} characters there), and its arguments are written as JSON: download the whole schema from the Executor`,
    )
  if (report.notes.length > 0) said.push(`"${name}": ${report.notes.join('; ')}.`)
  const cut = spent.cut > 0
  const method: MethodMetadata = {
    name,
    description: cut ? `${description.text} ${cutDescription(declared, shown)}`.trim() : description.text,
    parameters,
    agentCallable: true,
    // What the model and the page see is cleaned and within the budget; the arguments are checked against the server's own.
    inputSchema:
      cut || refusal !== null || measure.chars > budget
        ? budgetedSchema(parameters, cut || schemaIsOpen(inputSchema))
        : displaySchema(inputSchema),
    // A parameter left out may still be given: the server's schema decides.
    openArguments: cut || schemaIsOpen(inputSchema),
    validateArguments: (args) => checker.check(name, inputSchema, args),
  }
  if (cut) method.schemaCut = { declared, shown, wholeSchema: () => JSON.stringify(inputSchema, null, 2) }
  if (typeof listed.title === 'string' && listed.title) method.title = cleanServerText(listed.title)
  if (isRecord(listed.outputSchema) && schemaRefusal(measureSchema(listed.outputSchema)) === null)
    method.outputSchema = displaySchema(listed.outputSchema)
  if (isRecord(listed.annotations)) method.annotations = listed.annotations as ToolAnnotations
  return method
}

/** Two tools of one server with the same name: the first wins (the registry needs unique names). */
function dedupe(methods: MethodMetadata[]): MethodMetadata[] {
  const seen = new Set<string>()
  return methods.filter((method) => (seen.has(method.name) ? false : (seen.add(method.name), true)))
}

function problemOf(error: ErrorObject): ArgumentProblem {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    return { path: `${error.instancePath}/${error.params.missingProperty}`, message: 'is required' }
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    return { path: `${error.instancePath}/${error.params.additionalProperty}`, message: 'is not allowed here' }
  }
  return { path: error.instancePath, message: error.message ?? error.keyword }
}
