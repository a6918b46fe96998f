/**
 * Sampling requests from MCP servers, waiting for the person: each is shown, may be edited, goes
 * to a model only when approved, and its reply goes back to the server only when approved too.
 * Requests queue in the order they came; the first is the one shown (see sampling-queue.ts).
 */
import { defineStore } from 'pinia'
import { withMessageText } from '../../core/mcp'
import type { EndpointSettings } from '../../core'
import { useSamplingQueue } from './sampling-queue'
import { askModel, updateAsk } from './sampling-ask'

export type { SamplingAsk, SamplingStage } from './sampling-queue'

/** The model named in a reply the person wrote themselves (the manual endpoint). */
export const WRITTEN_BY_USER = 'user'

export const useMcpSamplingStore = defineStore('mcpSampling', () => {
  const queue = useSamplingQueue()
  /** The request with this id, when it is at `stage`. */
  const at = (id: number, stage: 'request' | 'reply') => {
    const ask = queue.find(id)
    return ask?.stage === stage ? ask : undefined
  }

  /** Replaces the text of message `index` of the request to send. */
  function editMessage(id: number, index: number, text: string): void {
    const ask = at(id, 'request')
    if (ask) ask.request = withMessageText(ask.request, index, text)
  }
  /** Undoes the person's edits. */
  function resetEdits(id: number): void {
    const ask = at(id, 'request')
    if (ask) ask.request = ask.original
  }
  /** Skips the model: the person writes the reply (the manual endpoint). */
  function writeReply(id: number): void {
    if (at(id, 'request'))
      updateAsk(queue, id, { stage: 'reply', replyText: '', error: undefined, answeredBy: undefined })
  }
  /** The person's edit of the reply waiting for approval. */
  function setReply(id: number, text: string): void {
    const pending = at(id, 'reply')
    if (pending) pending.replyText = text
  }
  /** Sends the reply, as the person left it, back to the server. */
  function approveReply(id: number): void {
    const pending = at(id, 'reply')
    if (!pending) return
    const { model, stopReason } = pending.answeredBy ?? { model: WRITTEN_BY_USER }
    const content = { type: 'text' as const, text: pending.replyText }
    queue.answerWith(id, { role: 'assistant', content, model, ...(stopReason ? { stopReason } : {}) })
  }

  return {
    queue: queue.queue,
    current: queue.current,
    closedByServer: queue.closedByServer,
    /** The handler's answer: the approved reply, or a refusal (the person said no, or the server left). */
    answer: queue.answer,
    editMessage,
    resetEdits,
    /** Sends the request to the endpoint's model (see askModel). */
    ask: (id: number, endpoint: EndpointSettings) => askModel(queue, id, endpoint),
    /** Stops the model's answer in progress; the request waits for approval again. */
    stopAsking: queue.stopModel,
    writeReply,
    setReply,
    approveReply,
    /** Answers the server that the user refused; at any stage. */
    refuse: queue.refuse,
    /** Refuses every request of one server; returns how many there were. */
    refuseAllFrom: queue.refuseAllFrom,
  }
})
