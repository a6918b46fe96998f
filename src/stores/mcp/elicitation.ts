/**
 * Form-mode elicitations from MCP servers, waiting for the person: each request is read as a
 * form, queued in the order it came (the first is the one shown), and answered with accept,
 * decline or cancel. An answer goes out the moment it is given. A server that stops waiting takes
 * its request off the queue and leaves a notice.
 */
import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import {
  acceptResult,
  cancelResult,
  checkElicitationContent,
  declineResult,
  readElicitationForm,
  type ElicitationForm,
  type ElicitationProblem,
  type ElicitContent,
  type McpRequestContext,
} from '../../core/mcp'

/** One request waiting for the person. */
export interface PendingElicitation {
  id: number
  /** The server's name in the configuration. */
  server: string
  form: ElicitationForm
}

/** A request its server stopped waiting for before the person answered. */
export interface WithdrawnElicitation {
  id: number
  server: string
}

/** Withdrawn requests remembered for their notices. */
const WITHDRAWN_KEPT = 20

/** Why the handler gave up: nothing is sent to a server that no longer waits. */
export class ElicitationWithdrawn extends Error {
  constructor(server: string) {
    super(`the server "${server}" stopped waiting for the answer`)
    this.name = 'ElicitationWithdrawn'
  }
}

interface Waiting {
  resolve(result: ElicitResult): void
  form: ElicitationForm
}

export const useMcpElicitationStore = defineStore('mcpElicitation', () => {
  const queue = shallowRef<readonly PendingElicitation[]>([])
  /** The request shown: the oldest one waiting. */
  const current = computed<PendingElicitation | null>(() => queue.value[0] ?? null)
  /** Requests withdrawn by their servers, newest last. */
  const withdrawn = shallowRef<readonly WithdrawnElicitation[]>([])
  const waiting = new Map<number, Waiting>()
  let serial = 0

  const drop = (id: number) => (queue.value = queue.value.filter((pending) => pending.id !== id))

  /** The client handler: resolves with the person's answer; rejects when the server stops waiting. */
  function answer(request: ElicitRequestFormParams, context: McpRequestContext): Promise<ElicitResult> {
    if (context.signal.aborted) return Promise.reject(new ElicitationWithdrawn(context.server))
    const id = ++serial
    const form = readElicitationForm(request)
    return new Promise<ElicitResult>((resolve, reject) => {
      const onAbort = () => {
        if (!waiting.delete(id)) return
        drop(id)
        withdrawn.value = [...withdrawn.value, { id, server: context.server }].slice(-WITHDRAWN_KEPT)
        reject(new ElicitationWithdrawn(context.server))
      }
      context.signal.addEventListener('abort', onAbort, { once: true })
      waiting.set(id, {
        form,
        resolve: (result) => {
          context.signal.removeEventListener('abort', onAbort)
          resolve(result)
        },
      })
      queue.value = [...queue.value, { id, server: context.server, form }]
    })
  }

  /** Sends `result` for request `id`; false when it is no longer waiting. */
  function respond(id: number, result: ElicitResult): boolean {
    const entry = waiting.get(id)
    if (!entry) return false
    waiting.delete(id)
    drop(id)
    entry.resolve(result)
    return true
  }

  /**
   * Accepts with `content`, checked against the request's schema first: with any problem nothing
   * is sent and the problems are returned (an empty list means it was sent).
   */
  function accept(id: number, content: ElicitContent): ElicitationProblem[] {
    const entry = waiting.get(id)
    if (!entry) return []
    const problems = checkElicitationContent(entry.form, content)
    if (problems.length === 0) respond(id, acceptResult(content))
    return problems
  }

  /** The person said no. */
  const decline = (id: number): boolean => respond(id, declineResult())
  /** The person closed the request without choosing. */
  const cancel = (id: number): boolean => respond(id, cancelResult())

  /** Declines every request of `server` in the queue; returns how many there were. */
  function declineAllFrom(server: string): number {
    const ids = queue.value.filter((pending) => pending.server === server).map((pending) => pending.id)
    const answered = new Set(ids)
    const entries = ids.flatMap((id) => {
      const entry = waiting.get(id)
      waiting.delete(id)
      return entry ? [entry] : []
    })
    queue.value = queue.value.filter((pending) => !answered.has(pending.id))
    entries.forEach((entry) => entry.resolve(declineResult()))
    return ids.length
  }

  return { queue, current, withdrawn, answer, accept, decline, cancel, declineAllFrom }
})
