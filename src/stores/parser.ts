/**
 * The Parser pane: the pasted reply, the protocol to read it with, and what running its requests
 * gave. The reply is parsed after a short pause in typing, so a long reply never makes typing lag.
 * Each concern is a piece in `parser/`; this store puts them together.
 */
import { defineStore } from 'pinia'
import { computed, watch } from 'vue'
import { createToolSession, toolRegistryManager, type ParsedRequest } from '../core'
import type { ReplyHints } from '../parsing/parse-reply'
import { SAMPLE_REPLIES } from '../parsing/samples'
import { useModelTools } from './parser/model-tools'
import { replyDiagnostics } from './parser/reply-diagnostics'
import { useReplyFixes } from './parser/reply-fixes'
import { useReplyParse } from './parser/reply-parse'
import { useRequestPlans } from './parser/request-plans'
import { useRequestRuns, type RequestRunOptions } from './parser/request-runs'
import { useReplySaver, useSavedParserState } from './parser/saved-state'
import { countVerdicts } from './parser/verdict-summary'

export { PARSE_DELAY_MS } from './parser/reply-parse'
export type { VerdictCount } from './parser/verdict-summary'
export type { AppliedFix, FixEditor } from './parser/reply-fixes'

export const useParserStore = defineStore('parser', () => {
  const state = useSavedParserState()
  // The registered tools as a model is given them: their schemas type values written as text.
  const tools = useModelTools()
  const hints = (): ReplyHints => ({ model: state.value.model.trim() || undefined, tools: tools.value })
  // The pane reads a reply as a model's in a chat with every tool on.
  const session = createToolSession({ registry: toolRegistryManager, caller: 'agent' })
  const { plans, replan: planRequests } = useRequestPlans(session)
  const { results, running, runRequest, clearResults } = useRequestRuns(session)
  const reply = useReplyParse({
    state,
    hints,
    plans: () => plans.value,
    onParsed: (kept) => {
      clearResults()
      planRequests(reply.result.value.requests, kept)
    },
    save: useReplySaver(state, () => reply.text.value),
  })
  const { text, result, parsedText, stale, flush } = reply
  // Fixes and hints follow the parse shown; a fix is applied to the text it was found in.
  const fixing = useReplyFixes({ text, parsedText, result, protocol: () => state.value.protocol, hints, flush })

  /** Plans every shown request again; the tools' policies answer a moment later. */
  const replan = (): void => planRequests(result.value.requests)
  replan()
  // New tools can change how values are typed and which names are known, and every plan.
  watch(tools, () => {
    reply.reparse()
    replan()
  })

  /** Runs one request as the plan says; `runAnyway` runs a request that sits in reasoning. */
  async function run(request: ParsedRequest, options: RequestRunOptions = {}): Promise<void> {
    await runRequest(request, options)
    // A run can change what a policy answers (a deleted folder holds no files to ask about).
    replan()
  }

  /** Every request in order, as a chat round would run them: requests in reasoning are not run. */
  async function runAll(options: Pick<RequestRunOptions, 'approve'> = {}): Promise<void> {
    flush()
    for (const request of result.value.requests) await runRequest(request, options)
    replan()
  }

  const summary = computed(() => countVerdicts(plans.value))
  /** The parser's diagnostics and the plans' (argument problems on their values), in text order. */
  const diagnostics = computed(() => replyDiagnostics(result.value, plans.value, parsedText.value))

  function loadSample(index: number): void {
    const sample = SAMPLE_REPLIES[index]
    if (!sample) return
    text.value = sample.text
    state.value.protocol = sample.protocol
    flush()
  }

  return {
    state,
    text,
    tools,
    result,
    plans,
    summary,
    diagnostics,
    results,
    running,
    run,
    runAll,
    flush,
    loadSample,
    stale,
    fixes: fixing.fixes,
    readingHints: fixing.hints,
    appliedFix: fixing.applied,
    applyFix: fixing.applyFix,
    undoFix: fixing.undoFix,
  }
})
