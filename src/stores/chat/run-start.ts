/**
 * What a chat run starts with: the model client of the session's endpoint, and the agent's
 * prompt, calling mode, flow and approval policies over the chat's tool session.
 */
import {
  capturingClient,
  createOpenAIClient,
  type ChatMessage,
  type ChatRunStart,
  type ModelClient,
  type RawExchange,
  type ToolRegistryManager,
  type ToolSession,
} from '../../core'
import { policyFor, resultPolicyFor, type Agent, type EndpointProfile } from '../../saved-chats/model'

/** Everything runStartFor needs to know about the chat. */
export interface RunStartContext {
  agent: Agent
  profile: EndpointProfile
  /** The messages sent before the reply this run fills. */
  history: ChatMessage[]
  /** The chat's tool session (its variables, request ids and remembered approvals). */
  tools: ToolSession
  /** Where the tools' metadata is read, for approval policies. */
  registry: ToolRegistryManager
  /** The model that is a person: used when the endpoint is the manual one. */
  manualClient: () => ModelClient
  /** Given, each round's raw exchange with the endpoint is handed to it (the manual model has none). */
  onExchange?: (exchange: RawExchange, round: number) => void
}

/** The options of `chatRun.start` for one run of the chat. */
export function runStartFor(context: RunStartContext): ChatRunStart {
  const { agent, profile, history, tools, registry, manualClient, onExchange } = context
  const client = clientFor(profile, manualClient)
  return {
    client: onExchange ? capturingClient(client, onExchange) : client,
    history,
    agentPrompt: agent.systemPrompt,
    agentId: agent.id,
    toolSession: tools,
    calling: agent.calling,
    // Names the formats the model writes, for markup its server left in the text.
    model: profile.kind === 'manual' ? undefined : profile.model || undefined,
    flow: agent.flow,
    approval: (toolId, call) => policyFor(agent, toolId, methodOf(registry, toolId, call.method)),
    resultReview: (call) => resultPolicyFor(agent, call.toolId),
    approvalMemory: tools.approvalMemory,
  }
}

/** The endpoint's model client: the manual one, or an OpenAI-compatible client with the endpoint's limits. */
export function clientFor(profile: EndpointProfile, manualClient: () => ModelClient): ModelClient {
  if (profile.kind === 'manual') return manualClient()
  return createOpenAIClient({
    baseUrl: profile.baseUrl,
    apiKey: profile.apiKey || undefined,
    model: profile.model,
    temperature: profile.temperature ?? undefined,
    maxTokens: profile.maxTokens ?? undefined,
    idleTimeoutMs: profile.idleTimeoutSeconds == null ? undefined : profile.idleTimeoutSeconds * 1000,
    maxAnswerBytes: megabytes(profile.maxAnswerMB),
    maxLineBytes: megabytes(profile.maxLineMB),
  })
}

/** A limit set in MB, in bytes; unset or not positive: undefined (the client's default). */
export function megabytes(value: number | null | undefined): number | undefined {
  return value == null || !(value > 0) ? undefined : Math.round(value * 1024 * 1024)
}

/** A method's annotations, where it comes from and whether a person connected its server, for its approval policy. */
function methodOf(registry: ToolRegistryManager, toolId: string, name: string) {
  const tool = registry.get(toolId)
  const method = tool?.getMetadata().methods.find((m) => m.name === name)
  return {
    name,
    annotations: method?.annotations,
    fromMcp: tool?.origin === 'mcp',
    connectedByPerson: tool?.connectedByPerson === true,
  }
}
