/**
 * A reply read as the Parser reads it, with the case's functions as the tools: each request gets
 * its call plan, so its card checks every argument against the function's schema. The functions
 * are never run (the lab checks calls, it runs none).
 */
import {
  createToolRegistryManager,
  parseToolRequests,
  planCall,
  type CallPlan,
  type Diagnostic,
  type MethodMetadata,
  type ParsedRequest,
  type ToolRegistryManager,
} from '../../core'
import { evalToolset, modelFacingName, type EvalFunction } from '../../core/eval'

/** The requests of a reply with their plans, and the parser's diagnostics. */
export interface ReplyPlans {
  requests: ParsedRequest[]
  plans: CallPlan[]
  diagnostics: Diagnostic[]
}

/** Reads `reply` with `protocol` (`auto` or a protocol or format id) and plans each request over `functions`. */
export function planReply(reply: string, protocol: string, functions: readonly EvalFunction[]): ReplyPlans {
  const toolset = evalToolset(functions)
  const parsed = parseToolRequests(reply, protocol, { tools: toolset.hints })
  const registry = caseRegistry(toolset.definitions)
  // A reply may call a function by its own name (`math.factorial`): planned under the name the tool has.
  const planned = (request: ParsedRequest): ParsedRequest => {
    const fn = toolset.functionNamed(request.toolName)
    const facing = fn ? modelFacingName(fn.name) : request.toolName
    return facing === request.toolName ? request : { ...request, toolName: facing }
  }
  return {
    requests: parsed.requests,
    plans: parsed.requests.map((request) => planCall(planned(request), { registry, caller: 'agent' })),
    diagnostics: parsed.diagnostics,
  }
}

/**
 * A registry holding the case's functions as tools that refuse to run. A function whose name
 * cannot be a tool (or clashes with another) is left out: its requests plan as unknown tools.
 */
function caseRegistry(
  definitions: readonly { toolId: string; toolName: string; methods: MethodMetadata[] }[],
): ToolRegistryManager {
  const registry = createToolRegistryManager()
  const byId = new Map<string, { name: string; methods: MethodMetadata[] }>()
  for (const definition of definitions) {
    const tool = byId.get(definition.toolId) ?? { name: definition.toolName, methods: [] }
    for (const method of definition.methods)
      if (!tool.methods.some((m) => m.name === method.name)) tool.methods.push(method)
    byId.set(definition.toolId, tool)
  }
  for (const [id, tool] of byId) {
    try {
      registry.register({
        id,
        name: tool.name,
        getMetadata: () => ({ methods: tool.methods }),
        callMethod: () => {
          throw new Error('eval functions are not run')
        },
      })
    } catch {
      // Not a valid tool id, or a routing name taken: the card says the tool is unknown.
    }
  }
  return registry
}
