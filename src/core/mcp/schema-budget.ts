/**
 * What a tool costs in the tools prompt, and the schema the model sees once its own would cost
 * more than the tool's budget: one built from the parameters that were read.
 */
import type { MethodMetadata, MethodParameter } from '../types'
import { parameterSchema, type JsonSchema } from '../schema'
import { writtenChars } from './schema-parameters'

/** Characters a method writes into the tools prompt: its name, description and every parameter. */
export function toolPromptChars(method: Pick<MethodMetadata, 'name' | 'description' | 'parameters'>): number {
  return method.name.length + method.description.length + parametersChars(method.parameters)
}

function parametersChars(parameters: readonly MethodParameter[]): number {
  let chars = 0
  for (const p of parameters)
    chars += writtenChars(p) + parametersChars(p.properties ?? []) + (p.items ? parametersChars([p.items]) : 0)
  return chars
}

/** Every parameter, nested ones included. */
export function countParameters(parameters: readonly MethodParameter[]): number {
  let count = 0
  for (const p of parameters)
    count += 1 + countParameters(p.properties ?? []) + (p.items ? countParameters([p.items]) : 0)
  return count
}

/**
 * The arguments' schema written from `parameters` (already cleaned and within the budget). `open`
 * when the server's schema allows more, or names parameters that were left out.
 */
export function budgetedSchema(parameters: readonly MethodParameter[], open: boolean): Record<string, unknown> {
  const properties: Record<string, JsonSchema> = {}
  for (const p of parameters) {
    const schema = parameterSchema(p)
    // The server's schema says whether a nested object is closed; it was left out with the rest.
    if (open) delete schema.additionalProperties
    // A parameter named like a member of every object ("__proto__") is a key like any other.
    Object.defineProperty(properties, p.name, { value: schema, enumerable: true, writable: true, configurable: true })
  }
  const schema: Record<string, unknown> = { type: 'object', properties }
  const required = parameters.filter((p) => p.required !== false).map((p) => p.name)
  if (required.length > 0) schema.required = required
  if (!open) schema.additionalProperties = false
  return schema
}

/** The sentence the model reads in a cut tool's description. */
export function cutDescription(declared: number, shown: number): string {
  return `(Its schema declares ${declared.toLocaleString('en-US')} parameters; the ${shown.toLocaleString('en-US')} shown fit the tools prompt, and the others may be given too.)`
}
