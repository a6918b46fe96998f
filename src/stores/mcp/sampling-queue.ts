/**
 * The sampling requests waiting for the person, oldest first, each with the promise its server
 * waits on. A request leaves the queue when it is answered, refused, or its server stops waiting
 * (which leaves a notice in `closedByServer`).
 */
import { computed, ref, type ComputedRef, type Ref } from 'vue'
import { SamplingRefusal, userRefusal, type McpRequestContext, type McpSamplingRequest } from '../../core/mcp'
import type { CreateMessageResult } from '@modelcontextprotocol/sdk/types.js'

/** Where a request stands: waiting for approval, being answered by the model, or its reply waiting. */
export type SamplingStage = 'request' | 'asking' | 'reply'

/** One sampling request in the queue. */
export interface SamplingAsk {
  id: number
  /** The server's name in the configuration. */
  server: string
  /** As the server sent it. */
  original: McpSamplingRequest
  /** What will be sent: the original with the person's edits. */
  request: McpSamplingRequest
  stage: SamplingStage
  /** The reply so far while asking; then the reply to approve, as the person edits it. */
  replyText: string
  /** Who answered, and why it stopped; set once a reply is there. */
  answeredBy?: { model: string; stopReason?: string }
  /** Why the last try to ask the model failed. */
  error?: string
}

/** What the server reads when it stopped waiting before the person answered. */
export const SERVER_STOPPED = 'The server stopped waiting before the user answered.'

/** What useSamplingQueue returns. */
export interface SamplingQueueReturn {
  queue: Ref<SamplingAsk[]>
  /** The request shown: the oldest one waiting. */
  current: ComputedRef<SamplingAsk | undefined>
  /** The last request a server stopped waiting for (a new object each time). */
  closedByServer: Ref<{ server: string } | null>
  find(id: number): SamplingAsk | undefined
  /** Queues the request; the promise settles with `answerWith` or `refuse`, or rejects when the server leaves. */
  answer(request: McpSamplingRequest, context: McpRequestContext): Promise<CreateMessageResult>
  /** Keeps the controller of the request's model request, aborted when the request leaves the queue. */
  watchModel(id: number, controller: AbortController | undefined): void
  /** Aborts the request's model request, if one runs. */
  stopModel(id: number): void
  answerWith(id: number, result: CreateMessageResult): void
  /** Answers the server that the user refused. */
  refuse(id: number): void
  /** Refuses every request of `server` in the queue, at any stage; returns how many there were. */
  refuseAllFrom(server: string): number
}

interface Waiting {
  resolve(result: CreateMessageResult): void
  reject(error: Error): void
  model?: AbortController
  forget(): void
}

/** The queue of sampling requests and the promises their servers wait on. */
export function useSamplingQueue(): SamplingQueueReturn {
  const queue = ref<SamplingAsk[]>([])
  const closedByServer = ref<{ server: string } | null>(null)
  const waiting = new Map<number, Waiting>()
  let serial = 0
  const find = (id: number) => queue.value.find((ask) => ask.id === id)

  /** Takes the requests off the queue (in one pass), stops their models and forgets them. */
  function settleAll(ids: ReadonlySet<number>): Waiting[] {
    const entries = [...ids].flatMap((id) => {
      const entry = waiting.get(id)
      waiting.delete(id)
      entry?.model?.abort()
      entry?.forget()
      return entry ? [entry] : []
    })
    queue.value = queue.value.filter((ask) => !ids.has(ask.id))
    return entries
  }
  const settle = (id: number): Waiting | undefined => settleAll(new Set([id]))[0]

  function refuseAllFrom(server: string): number {
    const ids = new Set(queue.value.filter((ask) => ask.server === server).map((ask) => ask.id))
    settleAll(ids).forEach((entry) => entry.reject(userRefusal()))
    return ids.size
  }

  function answer(request: McpSamplingRequest, context: McpRequestContext): Promise<CreateMessageResult> {
    if (context.signal.aborted) return Promise.reject(new SamplingRefusal('aborted', SERVER_STOPPED))
    const id = ++serial
    return new Promise<CreateMessageResult>((resolve, reject) => {
      const onAbort = () => {
        if (!settle(id)) return
        closedByServer.value = { server: context.server }
        reject(new SamplingRefusal('aborted', SERVER_STOPPED))
      }
      context.signal.addEventListener('abort', onAbort, { once: true })
      waiting.set(id, { resolve, reject, forget: () => context.signal.removeEventListener('abort', onAbort) })
      const ask: SamplingAsk = {
        id,
        server: context.server,
        original: request,
        request,
        stage: 'request',
        replyText: '',
      }
      queue.value = [...queue.value, ask]
    })
  }

  function watchModel(id: number, controller: AbortController | undefined): void {
    const entry = waiting.get(id)
    if (entry) entry.model = controller
  }

  return {
    queue,
    current: computed(() => queue.value[0]),
    closedByServer,
    find,
    answer,
    watchModel,
    stopModel: (id) => waiting.get(id)?.model?.abort(),
    answerWith: (id, result) => settle(id)?.resolve(result),
    refuse: (id) => settle(id)?.reject(userRefusal()),
    refuseAllFrom,
  }
}
