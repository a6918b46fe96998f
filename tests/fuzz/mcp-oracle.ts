/**
 * What the workbench owes any MCP server's input, checked in one place: reading a listing never
 * throws, every routing name, title, description and prompt is clean, every argument check ends
 * and answers with a list, results and progress read as text and finite numbers. A hang is caught
 * by whoever runs this (a time budget).
 */
import {
  createToolDiscoveryService,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  parseToolRequests,
  type MethodParameter,
} from '../../src/core'
import { readListedTools } from '../../src/core/mcp/listed-tools'
import { mcpResultText, progressOf } from '../../src/core/mcp/content'
import { cleanServerText, MCP_TOOL_NAME } from '../../src/core/mcp/server-text'
import { MAX_ENUM_CHOICES, MAX_SERVER_PROMPT, MAX_TOOL_DESCRIPTION } from '../../src/core/mcp/schema-limits'
import type { McpCase } from './mcp-case'
import { checkElicitation, checkOfferItems } from './mcp-offer-oracle'

const UNSAFE =
  // eslint-disable-next-line no-control-regex -- what must never get through
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF\u{E0000}-\u{E007F}]/u
const PROMPT_PROTOCOLS = ['vcp', 'json', 'xml', 'hermes']

function parameterProblem(parameter: MethodParameter, where: string): string | null {
  if (UNSAFE.test(parameter.name) || UNSAFE.test(parameter.description ?? ''))
    return `${where}: parameter "${parameter.name}" carries an unsafe character`
  if ((parameter.enumValues?.length ?? 0) > MAX_ENUM_CHOICES)
    return `${where}: parameter "${parameter.name}" offers ${parameter.enumValues?.length} choices`
  // The form offers these as they are: each must be what cleaning would leave.
  const unclean = parameter.searchableValues?.find((value) => cleanServerText(value) !== value)
  if (unclean !== undefined)
    return `${where}: parameter "${parameter.name}" offers the value ${JSON.stringify(unclean)} to search`
  for (const inner of [...(parameter.properties ?? []), ...(parameter.items ? [parameter.items] : [])]) {
    const problem = parameterProblem(inner, where)
    if (problem) return problem
  }
  return null
}

/** The first thing wrong with reading this case, or null. */
export function checkMcpCase(input: McpCase, read: typeof readListedTools = readListedTools): string | null {
  try {
    const { methods, notices } = read('fuzz', input.listing)
    let descriptions = 0
    for (const method of methods) {
      if (!MCP_TOOL_NAME.test(method.name)) return `a tool name got through: ${JSON.stringify(method.name)}`
      if (UNSAFE.test(method.description) || UNSAFE.test(method.title ?? ''))
        return `"${method.name}": its description or title carries an unsafe character`
      if (method.description.length > MAX_TOOL_DESCRIPTION)
        return `"${method.name}": a description of ${method.description.length} characters`
      // Only the tools offered to the model write into the tools prompt.
      if (method.agentCallable) descriptions += method.description.length
      for (const parameter of method.parameters) {
        const problem = parameterProblem(parameter, method.name)
        if (problem) return problem
      }
      for (const args of input.args) {
        const problems = method.validateArguments?.(args) ?? []
        if (!Array.isArray(problems)) return `"${method.name}": the argument check answered ${typeof problems}`
      }
    }
    if (descriptions > MAX_SERVER_PROMPT + MAX_TOOL_DESCRIPTION)
      return `the server's descriptions take ${descriptions} characters`
    if (notices.some((notice) => UNSAFE.test(notice))) return 'a notice carries an unsafe character'
    const registry = createToolRegistryManager()
    registry.register({
      id: 'fuzz',
      name: 'Fuzz',
      description: 'Tools of a fuzzed server.',
      origin: 'mcp',
      getMetadata: () => ({ methods }),
      callMethod: () => 'ok',
    })
    const names = new Set(methods.map((method) => `fuzz_${method.name}`))
    for (const protocol of PROMPT_PROTOCOLS) {
      const prompt = createToolDiscoveryService({ registry }).generatePrompt({
        config: { ...DEFAULT_TOOL_CALL_CONFIG, protocol },
      })
      if (UNSAFE.test(prompt)) return `the ${protocol} prompt carries an unsafe character`
      const found = parseToolRequests(prompt, 'auto', { reasoning: 'include' }).requests
      // The prompt's own examples, one per method at most: anything else was forged by a description.
      if (found.length > methods.length)
        return `the ${protocol} prompt holds ${found.length} requests for ${methods.length} methods`
      const stranger = found.find((request) => request.toolName !== '' && !names.has(request.toolName))
      if (stranger)
        return `the ${protocol} prompt holds a request for "${stranger.toolName}", which the server did not list`
    }
    const offerProblem =
      checkOfferItems(input.offer) ?? checkElicitation(input.elicitation.request, input.elicitation.answers)
    if (offerProblem) return offerProblem
    const result = mcpResultText(input.result)
    if (typeof result.text !== 'string' || !Array.isArray(result.images)) return 'a result did not read as text'
    for (const raw of input.progress) {
      const progress = progressOf(raw)
      if (
        progress &&
        (!Number.isFinite(progress.progress) ||
          progress.progress < 0 ||
          (progress.total !== undefined && !(progress.total > 0)) ||
          UNSAFE.test(progress.message ?? ''))
      ) {
        return `progress ${JSON.stringify(raw)} read as ${JSON.stringify(progress)}`
      }
    }
  } catch (error) {
    return `threw: ${error instanceof Error ? error.stack : String(error)}`
  }
  return null
}
