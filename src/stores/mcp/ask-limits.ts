/**
 * What a server may ask of the person, for the whole page: each sampling or elicitation request
 * passes the core's limits first (a cap on one server's waiting requests, a rate, the person's
 * "refuse all"), so no server can keep the dialogs open for ever. What is refused is counted per
 * server and reason, for the notices on its card and in the dialogs.
 */
import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import { ASK_REFUSAL_REASONS, createAskLimits, type AskLimitsOptions, type AskRefusalReason } from '../../core/mcp'
import { useMcpSamplingStore } from './sampling'
import { useMcpElicitationStore } from './elicitation'

/** How many of one server's requests were refused, by reason. */
export type RefusedCounts = Record<AskRefusalReason, number>

const noneRefused = (): RefusedCounts =>
  Object.fromEntries(ASK_REFUSAL_REASONS.map((reason) => [reason, 0])) as RefusedCounts

export const useMcpAskLimitsStore = defineStore('mcpAskLimits', () => {
  const gate = shallowRef(createAskLimits())
  /** Refused requests by server name. */
  const refused = shallowRef<Readonly<Record<string, RefusedCounts>>>({})
  /** The servers whose every request is refused until the person allows them again. */
  const blocked = shallowRef<readonly string[]>([])
  const sampling = useMcpSamplingStore()
  const elicitation = useMcpElicitationStore()

  function count(server: string, reason: AskRefusalReason, n: number): void {
    if (n === 0) return
    const before = refused.value[server] ?? noneRefused()
    refused.value = { ...refused.value, [server]: { ...before, [reason]: before[reason] + n } }
  }

  /**
   * Runs `ask` (which shows the request to the person) when the server may ask now; otherwise the
   * request is refused at once with the reason the server reads.
   */
  async function guard<T>(server: string, ask: () => Promise<T>): Promise<T> {
    const limits = gate.value
    const refusal = limits.admit(server)
    if (refusal) {
      count(server, refusal.reason, 1)
      throw refusal
    }
    try {
      return await ask()
    } finally {
      limits.release(server)
    }
  }

  /** Answers every request `server` has waiting: sampling with a refusal, forms with a decline. */
  const refuseWaiting = (server: string): number => sampling.refuseAllFrom(server) + elicitation.declineAllFrom(server)

  /** Refuses what `server` has waiting and everything it asks next, until `allow`. */
  function refuseAll(server: string): void {
    gate.value.block(server)
    if (!blocked.value.includes(server)) blocked.value = [...blocked.value, server]
    count(server, 'refused-all', refuseWaiting(server))
  }

  function allow(server: string): void {
    gate.value.allow(server)
    blocked.value = blocked.value.filter((name) => name !== server)
  }

  /** How many requests `server` has waiting for the person, sampling and forms together. */
  const waitingFrom = (server: string): number =>
    sampling.queue.filter((ask) => ask.server === server).length +
    elicitation.queue.filter((pending) => pending.server === server).length

  /** Replaces the limits (and forgets what was counted): for settings and tests that set the clock. */
  function configure(options: AskLimitsOptions): void {
    gate.value = createAskLimits(options)
    blocked.value = []
  }

  return {
    refused,
    blocked,
    limits: computed(() => gate.value.limits),
    guard,
    refuseWaiting,
    refuseAll,
    allow,
    waitingFrom,
    configure,
  }
})
