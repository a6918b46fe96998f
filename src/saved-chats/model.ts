/**
 * The chat's saved data: endpoint profiles, agents and sessions, with their defaults (saved-state.ts
 * reads them back), and the two views of a session the loop and an export need.
 * Plain TypeScript: the store adds reactivity.
 */
import {
  approvalRule,
  conversationHistory,
  redactSecret,
  DEFAULT_TOOL_CALL_CONFIG,
  type ApprovalPolicy,
  type ChatMessage,
  type MethodMetadata,
  type ParsedRequest,
  type ResultPolicy,
  type RunRecord,
  type RunStatus,
  type ToolCallConfig,
  type ToolExecutionResult,
} from '../core'

export type { ResultPolicy }

/** Where replies come from. 'manual': a person writes them; no endpoint needed. */
export interface EndpointProfile {
  id: string
  name: string
  kind: 'manual' | 'openai'
  baseUrl: string
  /** Stored in this browser only; never exported. */
  apiKey: string
  model: string
  temperature: number | null
  maxTokens: number | null
  /** Seconds without data before a request is stopped; null: the client's default (120 s). 0: never. */
  idleTimeoutSeconds?: number | null
  /** The most a streamed answer may take, in MB; null: the client's default (16 MB). */
  maxAnswerMB?: number | null
  /** The longest line of the stream, in MB; null: the client's default (4 MB). */
  maxLineMB?: number | null
  /**
   * The chat template of the model behind the endpoint: a vendored template's id (src/templates/catalog.ts).
   * The Template view picks it when a round of this endpoint is opened there; absent: none chosen yet.
   */
  template?: string
}

export interface Agent {
  id: string
  name: string
  systemPrompt: string
  config: ToolCallConfig
  /** 'native': OpenAI `tools`; 'text': the config's protocol in the prompt. */
  calling: 'text' | 'native'
  /** 'semi-automatic': requests show as cards and the user runs each one. */
  flow: 'loop' | 'semi-automatic'
  /** Per tool id; tools not listed follow `requireConfirmation` ('always' when on, else 'auto'). */
  policies: Record<string, ApprovalPolicy>
  /** Result approval per tool id: 'never' (default), 'on-error', 'always'. */
  resultPolicies?: Record<string, ResultPolicy>
  /**
   * Preset arguments per tool id: they fill what the model leaves out (a tool's defaults come
   * first, the model's own values win), and the cards show them as "preset".
   */
  presets?: Record<string, Record<string, unknown>>
}

/** Cards of a semi-automatic reply: the requests and the results run so far. */
export interface SemiAutomaticState {
  requests: ParsedRequest[]
  results: Record<string, ToolExecutionResult>
  /** Set once every card has a result and the conversation went on. */
  continued: boolean
}

export interface StoredMessage {
  id: string
  role: 'user' | 'assistant'
  /** User text; for an assistant message, the last reply's text. */
  content: string
  /** 'tool-result': a semi-automatic result sent as a user message. */
  kind?: 'tool-result'
  createdAt: number
  /** Assistant messages made by a run. */
  run?: RunRecord
  /** The wire messages the run added (replies, results): what later requests send as history. */
  wire?: ChatMessage[]
  status?: RunStatus
  error?: string
  semi?: SemiAutomaticState
  /** Other versions of the conversation from this message on (see branches.ts). */
  versions?: MessageVersions
}

/**
 * The other versions of a conversation from one message on: a reply made again (retry,
 * regenerate) or a user message edited and sent again. Each version is the whole rest of the
 * conversation as it was, starting with its own version of this message.
 */
export interface MessageVersions {
  /** The versions not shown, in order; the shown one is the session's own messages. */
  others: StoredMessage[][]
  /** Where the shown version stands among all of them (0-based); the others fill the other places in order. */
  shown: number
}

export interface ChatSession {
  id: string
  title: string
  agentId: string
  profileId: string
  createdAt: number
  messages: StoredMessage[]
  /** How earlier runs are sent as history: their native messages, or the compact record. @default 'native' */
  historyMode?: 'native' | 'compact'
}

export interface ChatState {
  profiles: EndpointProfile[]
  agents: Agent[]
  sessions: ChatSession[]
  activeSessionId: string
}

export const MANUAL_PROFILE_ID = 'manual'
export const DEFAULT_AGENT_ID = 'default-agent'

let counter = 0
/** Ids unique in this browser: time, a counter and randomness. */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 7)}`
}

/**
 * The names the app gives what it creates. They are saved as they are and shown in the
 * interface's language while nobody has renamed them (see useDisplayNames).
 */
export const DEFAULT_NAMES = {
  session: 'New chat',
  agent: 'Tool user',
  manualProfile: 'Manual (you write the replies)',
  endpoint: 'New endpoint',
} as const

export function manualProfile(): EndpointProfile {
  return {
    id: MANUAL_PROFILE_ID,
    name: DEFAULT_NAMES.manualProfile,
    kind: 'manual',
    baseUrl: '',
    apiKey: '',
    model: '',
    temperature: null,
    maxTokens: null,
  }
}

export function newProfile(name: string = DEFAULT_NAMES.endpoint): EndpointProfile {
  return {
    id: newId('endpoint'),
    name,
    kind: 'openai',
    baseUrl: 'http://127.0.0.1:11434/v1',
    apiKey: '',
    model: '',
    temperature: null,
    maxTokens: null,
  }
}

export function defaultAgent(): Agent {
  return {
    id: DEFAULT_AGENT_ID,
    name: DEFAULT_NAMES.agent,
    systemPrompt: 'You are a helpful assistant. Use the tools when they help, and say which results you relied on.',
    config: { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {} },
    calling: 'text',
    flow: 'loop',
    policies: {},
  }
}

export function newSession(agentId: string, profileId: string, title: string = DEFAULT_NAMES.session): ChatSession {
  return { id: newId('session'), title, agentId, profileId, createdAt: Date.now(), messages: [] }
}

export function defaultChatState(): ChatState {
  const session = newSession(DEFAULT_AGENT_ID, MANUAL_PROFILE_ID)
  return { profiles: [manualProfile()], agents: [defaultAgent()], sessions: [session], activeSessionId: session.id }
}

/** What a new request of a session sends as history (see conversationHistory). */
export function sessionHistory(
  messages: readonly StoredMessage[],
  mode: 'native' | 'compact' = 'native',
): ChatMessage[] {
  return conversationHistory(messages, mode)
}

/** A session as JSON for export: messages, records and the agent; the endpoint without its key. */
export function exportSession(
  session: ChatSession,
  agent: Agent | undefined,
  profile: EndpointProfile | undefined,
): string {
  const endpoint = profile
    ? {
        name: profile.name,
        kind: profile.kind,
        baseUrl: profile.baseUrl,
        model: profile.model,
        temperature: profile.temperature,
        maxTokens: profile.maxTokens,
      }
    : null
  const json = JSON.stringify(
    {
      format: 'vcp-workbench-session',
      version: 1,
      exportedAt: new Date().toISOString(),
      session,
      agent: agent ?? null,
      endpoint,
    },
    null,
    2,
  )
  // A key a server echoed into a reply or an error never leaves with the export. Keys are plain
  // token characters, so the JSON text holds them exactly as written.
  return redactSecret(json, profile?.apiKey)
}

/** The effective approval policy of a tool under an agent. */
export function resultPolicyFor(agent: Agent, toolId: string): ResultPolicy {
  return agent.resultPolicies?.[toolId] ?? 'never'
}

/**
 * The effective approval policy of a call under an agent, as its chat's tool session decides it
 * (the core's approvalRule): the most cautious of the agent's "confirm every call", the tool's
 * policy and the method's (`toolId_method`); with none chosen, an MCP server's tool asks unless
 * the person connected its server in this page and it claims to only read.
 */
export function policyFor(
  agent: Agent,
  toolId: string,
  method?: Pick<MethodMetadata, 'name' | 'annotations'> & { fromMcp?: boolean; connectedByPerson?: boolean },
): ApprovalPolicy {
  const tool = {
    id: toolId,
    ...(method?.fromMcp ? { origin: 'mcp' as const } : {}),
    ...(method?.connectedByPerson ? { connectedByPerson: true } : {}),
  }
  // Without a method, only the tool's own policy counts (no method is named `toolId_`).
  const named = method ?? { name: '\u0000' }
  return approvalRule(agent.config, { policies: agent.policies, askServerTools: true }, tool, named).policy
}
