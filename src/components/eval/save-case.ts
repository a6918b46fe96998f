/**
 * What "Save as eval case" saves from a reply: the functions a chat offers (as a model meets them,
 * under their routing names), the calls the reply made (values typed as the lab's decoder types
 * them, so the reply passes its own case), and the conversation before a chat round.
 */
import {
  compactTranscript,
  conversationHistory,
  createToolSession,
  protocolRegistry,
  toolRegistryManager,
  type ChatTurn,
  type ParsedRequest,
  type ToolSettings,
} from '../../core'
import {
  functionsFromTools,
  typedByFunction,
  type DecodedCall,
  type EvalFunction,
  type EvalMessage,
} from '../../core/eval'
import { isRecord } from '../../core/internal'
import { discoveryFor } from '../../composables/useToolCalling'

/** What a reply offers to be saved as a case; the dialog lets the user narrow it. */
export interface SaveCaseDraft {
  /**
   * The conversation before the reply; absent when only the reply is known (the Parser), and then
   * the user writes the question.
   */
  messages?: EvalMessage[]
  /** The functions offered. */
  functions: EvalFunction[]
  /** The calls the reply made, in BFCL's decoded form; none for a no-call case. */
  calls: DecodedCall[]
}

/** A Parser reply as a draft: the functions a chat offers, and the calls of its savable requests. */
export function replyDraft(requests: readonly ParsedRequest[]): SaveCaseDraft {
  const functions = offeredFunctions()
  return { functions, calls: callsOfRequests(savableRequests(requests), functions) }
}

/**
 * Round `round` of the assistant turn at `at` as a draft: the conversation before it, the functions
 * a chat with `settings` offers, and the round's calls (none: a no-call case).
 */
export function chatRoundDraft(
  turns: readonly ChatTurn[],
  at: number,
  round: number,
  settings: ToolSettings,
): SaveCaseDraft {
  const functions = offeredFunctions(settings)
  const requests = turns[at]?.run?.rounds[round]?.requests ?? []
  return {
    messages: chatRoundConversation(turns, at, round),
    functions,
    calls: callsOfRequests(savableRequests(requests), functions),
  }
}

/**
 * The functions a chat with these tool settings offers a model (the app's registry, agent-callable
 * methods that are on), as its native `tools` describe them, each under its routing name so the
 * calls of a reply name them. No settings: every tool on, as the Parser reads replies.
 */
export function offeredFunctions(settings: ToolSettings = {}): EvalFunction[] {
  const session = createToolSession({
    ...settings,
    registry: toolRegistryManager,
    discovery: discoveryFor(toolRegistryManager, protocolRegistry),
    caller: 'agent',
  })
  const prompt = session.toolsPrompt({ calling: 'native' })
  const routing = prompt.nativeNames ?? new Map<string, string>()
  const tools = (prompt.definitions ?? []).map((tool) => ({
    ...tool,
    function: { ...tool.function, name: routing.get(tool.function.name) ?? tool.function.name },
  }))
  return functionsFromTools(tools)
}

/** The requests a case can expect: valid ones outside reasoning (those a chat round runs). */
export function savableRequests(requests: readonly ParsedRequest[]): ParsedRequest[] {
  return requests.filter((request) => request.valid && !request.inReasoning)
}

/**
 * The calls of requests, named by the routing name as written: typed `arguments` when the format
 * carries them; otherwise the text values, brought to the types the function of that name declares
 * where they read as them cleanly (`10` for an integer), as the lab's decoder reads a reply.
 */
export function callsOfRequests(requests: readonly ParsedRequest[], functions: readonly EvalFunction[]): DecodedCall[] {
  return requests.map((request) => {
    const fn = functions.find((candidate) => candidate.name === request.toolName)
    const args = isRecord(request.arguments) ? request.arguments : typedByFunction(request.args, fn)
    return Object.fromEntries([[request.toolName, args]]) as DecodedCall
  })
}

/**
 * The conversation before round `round` of the assistant turn at `at`, as text: the turns before
 * it as the chat sends them in compact mode (a run with calls as one message with its tool logs),
 * then the turn's own earlier rounds the same way. System messages are left out (the chat's system
 * prompt is its tools prompt; the case's functions stand for it).
 */
export function chatRoundConversation(turns: readonly ChatTurn[], at: number, round: number): EvalMessage[] {
  const messages: EvalMessage[] = conversationHistory(turns.slice(0, Math.max(0, at)), 'compact').flatMap((m) =>
    (m.role === 'user' || m.role === 'assistant') && m.content ? [{ role: m.role, content: m.content }] : [],
  )
  const run = turns[at]?.run
  if (run && round > 0) {
    const earlier = compactTranscript({ ...run, rounds: run.rounds.slice(0, round) })
    if (earlier) messages.push({ role: 'assistant', content: earlier })
  }
  return messages
}
