/**
 * A case's functions as the workbench's own tools: JSON Schema with standard type names, the
 * definitions each text protocol prompts with, OpenAI `tools` for native calling, and the way back
 * from the name a model wrote to the function's own name.
 */
import type { NativeToolDefinition } from '../chat/types'
import type { ToolDefinitionInput } from '../types'
import { isRecord } from '../own-record'
import { schemaParameters } from '../mcp/schema-parameters'
import type { EvalFunction, EvalParameterSchema } from './types'

/** BFCL's type names that JSON Schema spells differently; `any` has no type at all. */
const STANDARD_TYPE: Record<string, string | undefined> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  any: undefined,
}

/** A JSON Schema as plain data (BFCL schemas carry keys the workbench's own subset does not name). */
export type SchemaObject = Record<string, unknown>

/** The functions of one case, ready for every lane. */
export interface EvalToolset {
  /** For a text protocol's `generateToolDefinitions`: one tool per function. */
  definitions: ToolDefinitionInput[]
  /** For native function calling. */
  native: NativeToolDefinition[]
  /** OpenAI-style tools, the parser's `tools` hint: names and schemas (values written as text are typed by them). */
  hints: { type: 'function'; function: { name: string; parameters: SchemaObject } }[]
  /** The same tools by name only: the hint that finds calls and types nothing. */
  names: { type: 'function'; function: { name: string } }[]
  /** The function a written name means (routing name, the name itself, dots as `_`); undefined when none. */
  functionNamed(written: string): EvalFunction | undefined
}

/** A parameter schema with BFCL's type names made standard, everything else kept. */
export function standardSchema(schema: EvalParameterSchema | undefined): SchemaObject {
  if (!isRecord(schema)) return {}
  const out: SchemaObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') {
      const type = typeof value === 'string' && Object.hasOwn(STANDARD_TYPE, value) ? STANDARD_TYPE[value] : value
      if (type !== undefined) out.type = type
    } else if (key === 'items' && isRecord(value)) out.items = standardSchema(value as EvalParameterSchema)
    else if (key === 'properties' && isRecord(value)) out.properties = standardProperties(value)
    else out[key] = value
  }
  return out
}

function standardProperties(properties: Record<string, unknown>): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {}
  for (const [name, schema] of Object.entries(properties)) out[name] = standardSchema(schema as EvalParameterSchema)
  return out
}

/** A function's arguments as one JSON Schema object. */
export function argumentsSchema(fn: EvalFunction): SchemaObject {
  const parameters = isRecord(fn.parameters) ? fn.parameters : { properties: {} }
  return {
    type: 'object',
    properties: standardProperties(isRecord(parameters.properties) ? parameters.properties : {}),
    required: Array.isArray(parameters.required) ? parameters.required.filter((r) => typeof r === 'string') : [],
    additionalProperties: false,
  }
}

/**
 * Where the routing name `toolId_method` is cut so it reads as the function's name with dots as
 * `_` (`math.factorial` -> `math` + `factorial`, `get_weather` -> `get` + `weather`); a name with
 * neither gets the tool id `fn`.
 */
export function routingParts(name: string): { toolId: string; method: string } {
  const dot = name.lastIndexOf('.')
  if (dot > 0 && dot < name.length - 1)
    return { toolId: name.slice(0, dot).replace(/\./g, '_'), method: name.slice(dot + 1) }
  const underscore = name.indexOf('_')
  if (underscore > 0 && underscore < name.length - 1)
    return { toolId: name.slice(0, underscore), method: name.slice(underscore + 1) }
  return { toolId: 'fn', method: name }
}

/** The name a model calls a function by in every lane: `toolId_method` of `routingParts`. */
export function modelFacingName(name: string): string {
  const { toolId, method } = routingParts(name)
  return `${toolId}_${method}`
}

/** Builds the toolset of a case's functions. */
export function evalToolset(functions: readonly EvalFunction[]): EvalToolset {
  const byName = new Map<string, EvalFunction>()
  const definitions: ToolDefinitionInput[] = []
  const native: NativeToolDefinition[] = []
  const hints: EvalToolset['hints'] = []
  for (const fn of functions) {
    const schema = argumentsSchema(fn)
    const facing = modelFacingName(fn.name)
    const { toolId, method } = routingParts(fn.name)
    definitions.push({
      toolId,
      toolName: fn.name,
      methods: [
        {
          name: method,
          description: typeof fn.description === 'string' ? fn.description : '',
          parameters: schemaParameters(schema),
          inputSchema: schema,
          agentCallable: true,
        },
      ],
    })
    const description = typeof fn.description === 'string' ? fn.description : ''
    native.push({ type: 'function', function: { name: facing, description, parameters: schema } })
    hints.push({ type: 'function', function: { name: facing, parameters: schema } })
    // Replies captured elsewhere call the function by its own name.
    if (fn.name !== facing) hints.push({ type: 'function', function: { name: fn.name, parameters: schema } })
    for (const written of [facing, fn.name, fn.name.replace(/\./g, '_')])
      if (!byName.has(written)) byName.set(written, fn)
  }
  const names = hints.map((hint) => ({ type: 'function' as const, function: { name: hint.function.name } }))
  return { definitions, native, hints, names, functionNamed: (written) => byName.get(written) }
}
