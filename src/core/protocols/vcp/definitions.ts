/**
 * The VCP tools prompt: how to call, then one definition block per method with an example
 * request that the parser reads back as a valid call to that method.
 */
import type { MethodMetadata, MethodParameter, ToolDefinitionInput } from '../../types'
import { renderVcpRequest } from './render'
import { routingName } from '../../routing-name'

// The preamble writes no block marker itself: every marker in the prompt belongs to a method's
// example, so parsing the prompt finds exactly one request per method.
const PREAMBLE = `You can call tools. To call a method, write a request block shaped exactly like the method's
"Example request" below: the start marker line, one field per argument, and the end marker line.

Rules:
- A field is name:「始」value「末」. The first field is tool_name with the method's routing name.
- A value may span several lines and holds code or text verbatim.
- A value that itself contains 「始」, 「末」 or a block marker is written as 「始ESCAPE」value「末ESCAPE」.
- One block per call; several blocks in one reply run in order. Add a request_id field to name a call.
- Results come back in TOOL_RESULT blocks. Never write a result block yourself.

Available methods:`

export function generateVcpToolDefinitions(input: ToolDefinitionInput[]): string {
  const sections: string[] = [PREAMBLE]
  for (const tool of input) {
    for (const method of tool.methods) sections.push(methodDefinition(tool, method))
  }
  return sections.join('\n\n') + '\n'
}

function methodDefinition(tool: ToolDefinitionInput, method: MethodMetadata): string {
  const lines = [
    '<<<[TOOL_DEFINITION]>>>',
    `Routing name: ${routingName(tool.toolId, method.name)}`,
    `Tool: ${tool.toolName} (${tool.toolId})`,
    `Command: ${method.protocolConfig?.vcpCommand ?? method.name}`,
    `Description: ${method.description}`,
  ]
  if (method.parameters.length === 0) lines.push('Parameters: none')
  else lines.push('Parameters:', ...method.parameters.map((p) => describeParameter(p, '- ')))
  if (method.returns)
    lines.push(`Returns: ${method.returns.type}${method.returns.description ? ` - ${method.returns.description}` : ''}`)
  const example = exampleArguments(method)
  if (example.note) lines.push(`Example note: ${example.note}`)
  lines.push(
    'Example request:',
    renderVcpRequest({ toolName: routingName(tool.toolId, method.name), args: example.args }),
  )
  lines.push('<<<[END_TOOL_DEFINITION]>>>')
  return lines.join('\n')
}

function describeParameter(p: MethodParameter, indent: string): string {
  const facts: string[] = [p.type === 'array' && p.items ? `array of ${p.items.type}` : p.type]
  facts.push(p.required === false ? 'optional' : 'required')
  if (p.enumValues?.length) facts.push(`one of: ${p.enumValues.map(quoteForPrompt).join(', ')}`)
  if (p.defaultValue !== undefined) facts.push(`default: ${quoteForPrompt(p.defaultValue)}`)
  let line = `${indent}${p.name} (${facts.join(', ')})${p.description ? `: ${p.description}` : ''}`
  for (const child of p.properties ?? []) line += '\n' + describeParameter(child, '  ' + indent)
  return line
}

/**
 * JSON for a value shown in prose. Marker characters are written as JSON escapes so a default
 * value can never open a block in the prompt itself.
 */
function quoteForPrompt(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>「」{}]/g, (c) =>
    /[{}]/.test(c) && typeof value !== 'string' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * Arguments for the example request: the method's `example` when it is a JSON object, otherwise
 * defaults, enum values and typed placeholders for required and defaulted parameters.
 */
export function exampleArguments(method: MethodMetadata): { args: Record<string, string>; note?: string } {
  if (method.example !== undefined) {
    const parsed = parseJsonObject(method.example)
    if (parsed) {
      const args: Record<string, string> = {}
      for (const [key, value] of Object.entries(parsed))
        args[key] = typeof value === 'string' ? value : JSON.stringify(value)
      return { args }
    }
  }
  const args: Record<string, string> = {}
  for (const p of method.parameters) {
    if (p.required === false && p.defaultValue === undefined) continue
    args[p.name] = exampleValue(p)
  }
  return method.example !== undefined ? { args, note: method.example } : { args }
}

function exampleValue(p: MethodParameter): string {
  if (p.defaultValue !== undefined)
    return typeof p.defaultValue === 'string' ? p.defaultValue : JSON.stringify(p.defaultValue)
  switch (p.type) {
    case 'enum':
      return p.enumValues?.[0] ?? ''
    case 'number':
      return '1.5'
    case 'integer':
      return '1'
    case 'boolean':
      return 'true'
    case 'array':
      return '[]'
    case 'object':
      return '{}'
    default:
      return p.enumValues?.[0] ?? `example ${p.name}`
  }
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
