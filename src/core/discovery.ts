/**
 * Discovery: which methods a model may call, and the tools prompt that describes them.
 * One prompt cache serves the whole app. Its keys carry the registry's version, so a tool
 * registered or removed after a prompt was cached can never be missing from the next one.
 */
import type { MethodMetadata, ToolCallConfig, ToolDefinitionInput, ToolRegistry } from './types'
import { toolRegistryManager, type ToolRegistryManager } from './tools/registry-manager'
import { protocolRegistry, type ProtocolRegistry } from './protocols/registry'
import type { ToolCallingProtocol } from './protocols/protocol'
import { stableHash } from './text/stable-hash'
import { routingName } from './routing-name'
import { LIMIT_PARAMETER } from './results/output'

/** Picks the methods discovery lists; `agentCallable` is the default. */
export type MethodFilter = (method: MethodMetadata, tool: ToolRegistry) => boolean

/** A tool as discovery lists it: the methods that passed the filter, each model-facing (with `limit`). */
export interface DiscoveredTool extends ToolDefinitionInput {
  /** The tool's own description, when it has one. */
  description?: string
}

/** What the tools prompt is built for. */
export interface GeneratePromptOptions {
  /** Picks the protocol and the enabled tools; `enabled: false` gives ''. */
  config: ToolCallConfig
  /** Agents with different prompts keep separate cache entries. */
  agentId?: string
  /** Instead of `agentCallable`; prompts made with a filter are not cached. */
  filter?: MethodFilter
}

/** Lists what a model may call and writes the tools prompt for it, from one registry. */
export interface ToolDiscoveryService {
  /** Tools with their callable methods (agentCallable by default), in registration order. */
  getDiscoveredMethods(filter?: MethodFilter): DiscoveredTool[]
  /**
   * The tools prompt for a config: '' when tool calling is off or no tool is enabled. Cached by
   * registry version, protocol, agent and config. Throws when `config.protocol` is not registered.
   */
  generatePrompt(options: GeneratePromptOptions): string
  /** Empties the service's prompt cache (the app-wide one unless another was given). */
  invalidateCache(): void
}

/** The default filter: only methods marked `agentCallable: true`. */
export const agentCallable: MethodFilter = (method) => method.agentCallable === true

/** A small map with a size bound: oldest entries go first. */
export interface PromptCache {
  get(key: string): string | undefined
  set(key: string, prompt: string): void
  clear(): void
  readonly size: number
}

/** A new, empty cache holding at most `capacity` prompts; setting a key makes it the newest. */
export function createPromptCache(capacity = 64): PromptCache {
  const entries = new Map<string, string>()
  return {
    get: (key) => entries.get(key),
    set(key, prompt) {
      entries.delete(key)
      entries.set(key, prompt)
      while (entries.size > capacity) entries.delete(entries.keys().next().value as string)
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size
    },
  }
}

/** The one prompt cache of the app. */
export const toolsPromptCache: PromptCache = createPromptCache()

/** Whether a tool is on for a config: its own toggle, else the default. */
export function isToolEnabled(
  config: Pick<ToolCallConfig, 'toolToggles' | 'defaultToolEnabled'>,
  toolId: string,
): boolean {
  return config.toolToggles[toolId] ?? config.defaultToolEnabled
}

/**
 * Whether one method is on: a toggle of its own (keyed by its routing name, e.g. one tool of an
 * MCP server), else its tool's.
 */
export function isMethodEnabled(
  config: Pick<ToolCallConfig, 'toolToggles' | 'defaultToolEnabled'>,
  toolId: string,
  method: string,
): boolean {
  return config.toolToggles[routingName(toolId, method)] ?? isToolEnabled(config, toolId)
}

/** The discovered tools with only the methods a config has on; tools left with none are dropped. */
export function enabledTools(
  tools: readonly DiscoveredTool[],
  config: Pick<ToolCallConfig, 'toolToggles' | 'defaultToolEnabled'>,
): DiscoveredTool[] {
  return tools.flatMap((tool) => {
    const methods = tool.methods.filter((method) => isMethodEnabled(config, tool.toolId, method.name))
    if (methods.length === 0) return []
    return [methods.length === tool.methods.length ? tool : { ...tool, methods }]
  })
}

/**
 * A method as the model sees it: every method takes `limit` for its output, unless it has a
 * `limit` of its own. The tools prompt, Discovery, the Executor's form and schema all show this.
 */
export function modelFacingMethod(method: MethodMetadata): MethodMetadata {
  if (method.parameters.some((p) => p.name === LIMIT_PARAMETER.name)) return method
  return { ...method, parameters: [...method.parameters, LIMIT_PARAMETER] }
}

/**
 * One method's part of the tools prompt in a protocol, rendered by the same code from the same
 * model-facing method as the prompt (the protocol's shared instructions left out).
 */
export function methodDefinition(
  protocol: ToolCallingProtocol,
  tool: Pick<ToolRegistry, 'id' | 'name'>,
  method: MethodMetadata,
): string {
  const full = protocol.generateToolDefinitions([
    { toolId: tool.id, toolName: tool.name, methods: [modelFacingMethod(method)] },
  ])
  const shared = protocol.generateToolDefinitions([]).trimEnd()
  return full.startsWith(shared) ? full.slice(shared.length).trim() : full
}

/**
 * A discovery service over a registry and its protocols (defaults: the app's own), caching prompts
 * in `cache` (default: the app-wide `toolsPromptCache`). Holds no state of its own.
 */
export function createToolDiscoveryService(
  options: { registry?: ToolRegistryManager; protocols?: ProtocolRegistry; cache?: PromptCache } = {},
): ToolDiscoveryService {
  const registry = options.registry ?? toolRegistryManager
  const protocols = options.protocols ?? protocolRegistry
  const cache = options.cache ?? toolsPromptCache

  function getDiscoveredMethods(filter: MethodFilter = agentCallable): DiscoveredTool[] {
    const found: DiscoveredTool[] = []
    for (const tool of registry.list()) {
      const methods = tool
        .getMetadata()
        .methods.filter((method) => filter(method, tool))
        .map(modelFacingMethod)
      if (methods.length === 0) continue
      const entry: DiscoveredTool = { toolId: tool.id, toolName: tool.name, methods }
      if (tool.description !== undefined) entry.description = tool.description
      found.push(entry)
    }
    return found
  }

  function generatePrompt({ config, agentId, filter }: GeneratePromptOptions): string {
    if (!config.enabled) return ''
    const protocol = protocols.get(config.protocol)
    if (!protocol) {
      const known = protocols
        .list()
        .map((p) => p.id)
        .join(', ')
      throw new Error(
        `Unknown protocol "${config.protocol}" in the tool-calling config. Registered protocols: ${known}.`,
      )
    }
    // A custom filter is a function: it cannot be hashed, so its prompts are not cached.
    const key = filter
      ? undefined
      : `${registry.id}@${registry.version}|${protocol.id}|${agentId ?? ''}|${stableHash(config)}`
    const cached = key === undefined ? undefined : cache.get(key)
    if (cached !== undefined) return cached
    const tools = enabledTools(getDiscoveredMethods(filter), config)
    const prompt = tools.length === 0 ? '' : protocol.generateToolDefinitions(tools)
    if (key !== undefined) cache.set(key, prompt)
    return prompt
  }

  return { getDiscoveredMethods, generatePrompt, invalidateCache: () => cache.clear() }
}
