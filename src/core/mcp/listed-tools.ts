/**
 * A server's `tools/list` answer read as methods: each tool checked (its name, its parameters'
 * names), its text cleaned, its schema measured, and what the workbench refused or cut said in
 * notices. Pure apart from the schema checker it is given, so the fuzz harness runs it as it is.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import type { ArgumentProblem, MethodMetadata, ToolAnnotations } from '../types'
import { isRecord } from '../own-record'
import { schemaIsOpen, schemaParameters, type SchemaReport } from './schema-parameters'
import { cleanServerText, escapedName, MCP_TOOL_NAME } from './server-text'
import {
  capDescription,
  displaySchema,
  linearPatternProblem,
  linearRegExp,
  MAX_SCHEMA_CHARS,
  MAX_SERVER_DESCRIPTIONS,
  MAX_TOOL_DESCRIPTION,
  measureSchema,
  overBudgetLength,
  schemaRefusal,
} from './schema-limits'

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
  const notices: string[] = []
  checker.reset()
  const found: MethodMetadata[] = []
  for (const tool of listed) {
    const method = methodOf(server, tool, notices, checker)
    if (method) found.push(method)
  }
  return { methods: withinServerBudget(dedupe(found), notices), notices }
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

/** The server's tool as a method, or null (with a notice) when it cannot be offered safely. */
function methodOf(server: string, raw: unknown, said: string[], checker: SchemaChecker): MethodMetadata | null {
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
  const report: SchemaReport = { notes: [], badNames: [] }
  const parameters = schemaParameters(inputSchema, report)
  if (report.badNames.length > 0) {
    said.push(
      `The tool "${name}" of "${server}" was refused: its parameter name${report.badNames.length > 1 ? 's' : ''} ${report.badNames.slice(0, 3).join(', ')} use${report.badNames.length > 1 ? '' : 's'} characters a protocol cannot carry.`,
    )
    return null
  }
  const measure = measureSchema(inputSchema)
  const refusal = schemaRefusal(measure)
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
  const rawDescription =
    typeof listed.description === 'string' ? listed.description : typeof listed.title === 'string' ? listed.title : ''
  const description = capDescription(cleanServerText(rawDescription, { multiline: true }), MAX_TOOL_DESCRIPTION)
  if (description.cut > 0)
    report.notes.unshift(`its description was cut by ${description.cut.toLocaleString('en-US')} characters`)
  if (report.notes.length > 0) said.push(`"${name}": ${report.notes.join('; ')}.`)
  const method: MethodMetadata = {
    name,
    description: description.text,
    parameters,
    agentCallable: true,
    // What the model and the page see is cleaned; the arguments are checked against the server's own.
    inputSchema: refusal && measure.chars > MAX_SCHEMA_CHARS ? { type: 'object' } : displaySchema(inputSchema),
    openArguments: schemaIsOpen(inputSchema),
    validateArguments: (args) => checker.check(name, inputSchema, args),
  }
  if (typeof listed.title === 'string' && listed.title) method.title = cleanServerText(listed.title)
  if (isRecord(listed.outputSchema) && schemaRefusal(measureSchema(listed.outputSchema)) === null)
    method.outputSchema = displaySchema(listed.outputSchema)
  if (isRecord(listed.annotations)) method.annotations = listed.annotations as ToolAnnotations
  return method
}

/**
 * One server's share of the tools prompt: once its descriptions (tools' and parameters') pass
 * MAX_SERVER_DESCRIPTIONS characters, the descriptions of the tools after that point are cut short.
 */
function withinServerBudget(methods: MethodMetadata[], said: string[]): MethodMetadata[] {
  let used = 0
  const cut: string[] = []
  for (const method of methods) {
    used += method.description.length + method.parameters.reduce((n, p) => n + (p.description?.length ?? 0), 0)
    if (used <= MAX_SERVER_DESCRIPTIONS) continue
    method.description = capDescription(method.description, overBudgetLength()).text
    for (const parameter of method.parameters)
      if (parameter.description) parameter.description = capDescription(parameter.description, 80).text
    cut.push(method.name)
  }
  if (cut.length > 0) {
    said.push(
      `The server's descriptions pass ${MAX_SERVER_DESCRIPTIONS.toLocaleString('en-US')} characters, the most one server may put into the tools prompt: those of ${cut.length} tool${cut.length === 1 ? '' : 's'} (${cut
        .slice(0, 5)
        .map((n) => `"${n}"`)
        .join(', ')}${cut.length > 5 ? ', ...' : ''}) were cut short.`,
    )
  }
  return methods
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
