/**
 * What a chat run starts with: the model client of the session's endpoint, and the agent's
 * prompt, calling mode and flow over the chat's tool session (which holds its approval settings).
 */
import {
  capturingClient,
  createOpenAIClient,
  type ChatMessage,
  type ChatRunStart,
  type ModelClient,
  type RawExchange,
  type ToolSession,
} from '../../core'
import type { Agent, EndpointProfile } from '../../saved-chats/model'

/** Everything runStartFor needs to know about the chat. */
export interface RunStartContext {
  agent: Agent
  profile: EndpointProfile
  /** The messages sent before the reply this run fills. */
  history: ChatMessage[]
  /** The chat's tool session (its variables, request ids, approval settings and remembered approvals). */
  tools: ToolSession
  /** The model that is a person: used when the endpoint is the manual one. */
  manualClient: () => ModelClient
  /** Given, each round's raw exchange with the endpoint is handed to it (the manual model has none). */
  onExchange?: (exchange: RawExchange, round: number) => void
}

/** The options of `chatRun.start` for one run of the chat. */
export function runStartFor(context: RunStartContext): ChatRunStart {
  const { agent, profile, history, tools, manualClient, onExchange } = context
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
