/**
 * Method metadata as JSON Schema: the same parameters render prompts for the JSON paradigms,
 * OpenAI `tools` definitions, and the editor's completion.
 */
import type { MethodMetadata, MethodParameter } from './types'

/** The subset of JSON Schema that method metadata maps onto (plain data, safe to serialise). */
export interface JsonSchema {
  type?: string
  description?: string
  enum?: string[]
  default?: unknown
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean
}

/**
 * One parameter as JSON Schema: an enum is a string with `enum`; an object's properties are required
 * unless optional or defaulted, and no others are allowed. Returns a new object; never throws.
 */
export function parameterSchema(parameter: MethodParameter): JsonSchema {
  const schema: JsonSchema = {}
  if (parameter.type === 'enum') {
    schema.type = 'string'
    schema.enum = [...(parameter.enumValues ?? [])]
  } else {
    schema.type = parameter.type
  }
  if (parameter.description) schema.description = parameter.description
  if (parameter.defaultValue !== undefined) schema.default = parameter.defaultValue
  if (parameter.type === 'array' && parameter.items) schema.items = parameterSchema(parameter.items)
  if (parameter.type === 'object' && parameter.properties?.length)
    Object.assign(schema, objectSchema(parameter.properties))
  return schema
}

function objectSchema(parameters: readonly MethodParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const p of parameters) properties[p.name] = parameterSchema(p)
  const required = parameters.filter((p) => p.required !== false && p.defaultValue === undefined).map((p) => p.name)
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false }
  if (required.length > 0) schema.required = required
  return schema
}

/**
 * The schema of a method's arguments object. A method that came with a JSON Schema (an MCP tool)
 * keeps its own, with the parameters it does not name (`limit`) added.
 */
export function methodArgumentsSchema(method: MethodMetadata): JsonSchema {
  if (!method.inputSchema) return objectSchema(method.parameters)
  const own = method.inputSchema as JsonSchema
  const properties: Record<string, JsonSchema> = { ...(own.properties ?? {}) }
  for (const parameter of method.parameters)
    if (!(parameter.name in properties)) properties[parameter.name] = parameterSchema(parameter)
  return { ...own, type: 'object', properties }
}
