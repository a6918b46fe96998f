/**
 * What the three JSON paradigms share: rendering a call, the tools prompt, the result format.
 * Each paradigm file (json-block.ts, xml-tag.ts, hermes.ts) is this factory plus its syntax.
 */
import type { MethodMetadata, ToolDefinitionInput, ToolExecutionResult } from '../../types'
import type { FormatResultsOptions, ToolCallingProtocol } from '../protocol'
import { routingName } from '../../routing-name'
import { methodArgumentsSchema } from '../../schema'
import { truncateHeadTail, truncationNote } from '../../text/truncate'
import { exampleArguments } from '../vcp/definitions'
import { createJsonParadigmParser, type ParadigmGrammar } from './machine'
import { parseLenientJson } from './lenient-json'

export interface CallToRender {
  toolName: string
  /** Typed arguments. */
  arguments: Record<string, unknown>
  requestId?: string
}

export interface ParadigmSyntax {
  id: string
  label: string
  grammar: ParadigmGrammar
  /** One call as the model should write it. */
  renderCall(call: CallToRender): string
  /** How to call, in the prompt's own words (before the method list). */
  instructions: string
  /** Results as the model reads them back. */
  renderResults(results: ResultRecord[]): string
}

export interface ResultRecord {
  id: string
  name: string
  status: string
  duration_ms: number
  content: string
  truncated?: string
}

/**
 * JSON that is safe between tags: `</` only occurs inside strings, where `<\/` means the same,
 * so a value holding `</tool_call>` cannot close the tag early.
 */
export function jsonForTag(value: unknown, indent = 0): string {
  return JSON.stringify(value, null, indent).replace(/<\//g, '<\\/')
}

export interface JsonParadigmProtocol extends ToolCallingProtocol {
  /** One call in this paradigm's syntax (examples, conversion). */
  renderCall(call: CallToRender): string
}

export function createJsonParadigm(syntax: ParadigmSyntax): JsonParadigmProtocol {
  return {
    renderCall: syntax.renderCall,
    id: syntax.id,
    label: syntax.label,
    generateToolDefinitions: (input) => generateDefinitions(syntax, input),
    parseToolRequests(text, options) {
      const parser = createJsonParadigmParser(syntax.grammar, options)
      parser.feed(text)
      return parser.end()
    },
    createStreamParser: (options) => createJsonParadigmParser(syntax.grammar, options),
    formatToolResults: (results, options) => syntax.renderResults(resultRecords(results, options)),
  }
}

function resultRecords(results: ToolExecutionResult[], options: FormatResultsOptions = {}): ResultRecord[] {
  const limit = options.maxResultChars ?? 0
  return results.map((r) => {
    const cut = truncateHeadTail(r.result, limit)
    const record: ResultRecord = {
      id: r.requestId,
      name: r.toolName,
      status: r.status,
      duration_ms: Math.round(r.durationMs),
      content: cut.text,
    }
    const truncated = truncationNote(r, cut)
    if (truncated) record.truncated = truncated
    return record
  })
}

/** Typed example arguments: the method's JSON example, or defaults and placeholders. */
export function typedExampleArguments(method: MethodMetadata): Record<string, unknown> {
  if (method.example !== undefined) {
    const parsed = parseLenientJson(method.example)
    if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value))
      return parsed.value as Record<string, unknown>
  }
  const out: Record<string, unknown> = {}
  const strings = exampleArguments(method).args
  for (const p of method.parameters) {
    const text = strings[p.name]
    if (text === undefined) continue
    if (p.defaultValue !== undefined) out[p.name] = p.defaultValue
    else if (p.type === 'number' || p.type === 'integer') out[p.name] = Number(text)
    else if (p.type === 'boolean') out[p.name] = text === 'true'
    else if (p.type === 'array') out[p.name] = []
    else if (p.type === 'object') out[p.name] = {}
    else out[p.name] = text
  }
  return out
}

function generateDefinitions(syntax: ParadigmSyntax, input: ToolDefinitionInput[]): string {
  const sections = [syntax.instructions, 'Available methods:']
  for (const tool of input) {
    for (const method of tool.methods) {
      const name = routingName(tool.toolId, method.name)
      sections.push(
        [
          `## ${name}`,
          `Tool: ${tool.toolName} (${tool.toolId})`,
          `Description: ${method.description}`,
          method.returns
            ? `Returns: ${method.returns.type}${method.returns.description ? ` - ${method.returns.description}` : ''}`
            : '',
          `Arguments (JSON Schema): ${JSON.stringify(methodArgumentsSchema(method))}`,
          'Example:',
          syntax.renderCall({ toolName: name, arguments: typedExampleArguments(method) }),
        ]
          .filter(Boolean)
          .join('\n'),
      )
    }
  }
  return sections.join('\n\n') + '\n'
}
