/**
 * Per chat, for the life of the page: its tool session, through which its runs, cards and plans
 * all go, so request ids stay unique, variables are kept and ask-once decisions are remembered.
 */
import {
  createRequestIdSession,
  createToolSession,
  protocolRegistry,
  type RequestIdSession,
  type ToolRegistryManager,
  type ToolSession,
  type ToolSettings,
  type VariableStore,
} from '../../core'
import { discoveryFor } from '../../composables/useToolCalling'
import type { Agent, ChatSession } from '../../saved-chats/model'
import { allMessages } from '../../saved-chats/branches'

/** Options of useToolSessions. */
export interface ToolSessionsOptions {
  /** The registry the sessions' tools come from. */
  registry: ToolRegistryManager
  /** The session's variables, shared with the views that list them. */
  variablesOf: (sessionId: string) => VariableStore
  /** The tool settings of the session's agent as they are now; read each time a session is handed out. */
  settingsOf: (session: ChatSession) => ToolSettings
}

/** What useToolSessions returns. */
export interface ToolSessionsReturn {
  /** The chat's tool session, set up for its agent as it is now (tool switches, groups, presets). */
  toolSessionOf(session: ChatSession): ToolSession
  /** Drops a deleted chat's tool session. */
  forgetToolSession(sessionId: string): void
}

/** Tool sessions by chat, made on first use and reconfigured on every use. */
export function useToolSessions({ registry, variablesOf, settingsOf }: ToolSessionsOptions): ToolSessionsReturn {
  const sessions = new Map<string, ToolSession>()

  function toolSessionOf(session: ChatSession): ToolSession {
    let tools = sessions.get(session.id)
    if (!tools) {
      tools = createToolSession({
        registry,
        discovery: discoveryFor(registry, protocolRegistry),
        variables: variablesOf(session.id),
        requestIds: requestIdsOf(session),
      })
      sessions.set(session.id, tools)
    }
    tools.configure(settingsOf(session))
    return tools
  }

  return { toolSessionOf, forgetToolSession: (sessionId) => void sessions.delete(sessionId) }
}

/**
 * After a reload the chat goes on: ids its saved runs used, in every version of the conversation,
 * stay taken (and so do their variables' names).
 */
function requestIdsOf(session: ChatSession): RequestIdSession {
  const requestIds = createRequestIdSession()
  for (const saved of allMessages(session.messages))
    for (const round of saved.run?.rounds ?? [])
      for (const request of round.requests) requestIds.claim(request.requestId)
  return requestIds
}

/**
 * An agent's tool settings: its configuration, presets and approval choices (per tool and per
 * method, and which results it sees first), with the app's tool groups as they are now.
 */
export function agentToolSettings(agent: Agent, groups: NonNullable<ToolSettings['groups']>): ToolSettings {
  const approval = {
    policies: agent.policies,
    ...(agent.resultPolicies ? { results: agent.resultPolicies } : {}),
    // A server's tool asks until the person chooses otherwise.
    askServerTools: true,
  }
  return { config: agent.config, presets: agent.presets, groups, approval }
}
