/**
 * Answering a server's `sampling/createMessage` with a model: the request becomes one streamed
 * chat completion through the core's OpenAI-compatible client, and the reply a `CreateMessageResult`.
 * Every way it can fail (content a chat model cannot take, an endpoint that fails, the person
 * refusing) is a `SamplingRefusal` whose message is what the server reads.
 */
import type { CreateMessageResult } from '@modelcontextprotocol/sdk/types.js'
import { ChatRequestError } from '../chat/errors'
import { createOpenAIClient, type EndpointSettings } from '../chat/openai-client'
import type { ChatMessage, Completion } from '../chat/types'
import type { McpSamplingRequest } from './client-features'
import { samplingLimits } from './sampling-limits'
import { samplingConversation, type SamplingWireMessage } from './sampling-messages'

/** Why a sampling request was not answered: each has its own sentence for the server. */
export type SamplingRefusalKind = 'content' | 'endpoint' | 'user' | 'not-configured' | 'aborted'

/** A refused sampling request; thrown from a handler, its message is the JSON-RPC error the server gets. */
export class SamplingRefusal extends Error {
  override readonly name = 'SamplingRefusal'
  constructor(
    readonly kind: SamplingRefusalKind,
    message: string,
  ) {
    super(message)
  }
}

/** What the server reads when the person refused its request. */
export const USER_REFUSED_MESSAGE = 'The user refused this sampling request.'

/** A refusal because the person said no. */
export function userRefusal(): SamplingRefusal {
  return new SamplingRefusal('user', USER_REFUSED_MESSAGE)
}

/** How a completion is followed and stopped. */
export interface SamplingModelOptions {
  /** Stops the request (the server stopped waiting). */
  signal?: AbortSignal
  /** The reply's text so far, after each piece that arrived. */
  onText?: (text: string) => void
  /** @default the global fetch */
  fetchImpl?: typeof fetch
}

/**
 * The endpoint's settings for this request: its temperature and maxTokens held to the endpoint's
 * limits (see samplingLimits), and its stop sequences.
 */
export function samplingSettings(request: McpSamplingRequest, endpoint: EndpointSettings): EndpointSettings {
  const { maxTokens, temperature } = samplingLimits(request, endpoint)
  return {
    ...endpoint,
    temperature,
    maxTokens,
    ...(request.stopSequences && request.stopSequences.length > 0 ? { stop: [...request.stopSequences] } : {}),
  }
}

/**
 * Asks the endpoint's model for the request's reply and returns it as the server expects. Rejects
 * with a `SamplingRefusal`: `content` (what cannot be sent, message by message), `endpoint` (the
 * endpoint's own error, e.g. a 401 or a connection refused) or `aborted` (the signal).
 */
export async function sampleWithModel(
  request: McpSamplingRequest,
  endpoint: EndpointSettings,
  options: SamplingModelOptions = {},
): Promise<CreateMessageResult> {
  const conversation = samplingConversation(request)
  if (!conversation.ok)
    throw new SamplingRefusal('content', `The request cannot be sent to the model: ${conversation.problems.join(' ')}`)
  const client = createOpenAIClient(samplingSettings(request, endpoint), options.fetchImpl)
  let completion: Completion
  try {
    completion = await client.complete(
      { messages: asChatMessages(conversation.messages) },
      { signal: options.signal, onUpdate: (reply) => options.onText?.(reply.content) },
    )
  } catch (error) {
    throw endpointRefusal(error, endpoint.model)
  }
  return samplingResult(completion, endpoint.model, request.stopSequences)
}

/**
 * The client sends `messages` as JSON, unchanged: parts (images, audio) go through as they are,
 * though the chat's own message type names text only.
 */
function asChatMessages(messages: SamplingWireMessage[]): ChatMessage[] {
  return messages as unknown as ChatMessage[]
}

/** The endpoint's failure in a sentence for the server. */
function endpointRefusal(error: unknown, model: string): SamplingRefusal {
  if (error instanceof ChatRequestError && error.kind === 'aborted')
    return new SamplingRefusal('aborted', `The sampling request was stopped before "${model}" answered.`)
  const said = error instanceof Error ? error.message : String(error)
  return new SamplingRefusal('endpoint', `The model "${model}" could not answer the sampling request: ${said}`)
}

/**
 * The reply as a `CreateMessageResult`. A reply that holds one of the stop sequences (an endpoint
 * that ignores `stop`) is cut before it; `stopReason` is `stopSequence` then, `maxTokens` when the
 * endpoint said `length`, `endTurn` when it said `stop` or nothing, else the endpoint's own word.
 */
export function samplingResult(
  completion: Pick<Completion, 'content' | 'finishReason'>,
  model: string,
  stopSequences: readonly string[] = [],
): CreateMessageResult {
  let text = completion.content
  let stopReason: string = stopReasonOf(completion.finishReason)
  const cut = firstStop(text, stopSequences)
  if (cut !== undefined) {
    text = text.slice(0, cut)
    stopReason = 'stopSequence'
  }
  return { role: 'assistant', content: { type: 'text', text }, model, stopReason }
}

function stopReasonOf(finishReason: string | undefined): string {
  if (finishReason === undefined || finishReason === 'stop') return 'endTurn'
  return finishReason === 'length' ? 'maxTokens' : finishReason
}

/** Where the earliest stop sequence begins in `text`, if any does. */
function firstStop(text: string, stopSequences: readonly string[]): number | undefined {
  let first: number | undefined
  for (const stop of stopSequences) {
    if (!stop) continue
    const at = text.indexOf(stop)
    if (at !== -1 && (first === undefined || at < first)) first = at
  }
  return first
}
