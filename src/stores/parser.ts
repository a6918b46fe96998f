/**
 * The Parser pane: the pasted reply, the protocol to read it with, and what running its requests
 * gave. The reply is parsed after a short pause in typing, so a long reply never makes typing lag.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import {
  createToolSession,
  methodArgumentsSchema,
  modelFacingMethod,
  routingName,
  planDiagnostics,
  toolRegistryManager,
  type Approver,
  type CallPlan,
  type CallVerdict,
  type Diagnostic,
  type ParsedRequest,
  type ParseResult,
  type ToolExecutionResult,
} from '../core'
import { isRecord, persistedRef } from '../persistence/persisted'
import { parseOffThread } from '../parsing/off-thread'
import { parseReply } from '../parsing/parse-reply'
import { appRegistryVersion } from '../registry-version'
import type { ReplyHints } from '../parsing/parse-reply'
import { SAMPLE_REPLIES } from '../components/parser/samples'

/** What one verdict count of the summary says. */
export interface VerdictCount {
  verdict: CallVerdict
  count: number
}

interface ParserState {
  text: string
  protocol: string
  /** The model that wrote the reply, as a hint for auto (optional, '' for none). */
  model: string
}

/** Longer replies stay in the editor but are not saved: localStorage is small. */
const MAX_SAVED_CHARS = 1_000_000
export const PARSE_DELAY_MS = 120
/** A change this large is a paste, not typing. */
const PASTE_CHARS = 200
const SAVE_DELAY_MS = 400

export const useParserStore = defineStore('parser', () => {
  const state = persistedRef<ParserState>(
    'parser',
    1,
    () => ({ text: SAMPLE_REPLIES[0]?.text ?? '', protocol: 'auto', model: '' }),
    (data) =>
      isRecord(data) && typeof data.text === 'string' && typeof data.protocol === 'string'
        ? { text: data.text, protocol: data.protocol, model: typeof data.model === 'string' ? data.model : '' }
        : null,
  )
  // The registered tools as a model is given them: their schemas type values written as text.
  const registryVersion = appRegistryVersion()
  const tools = computed(() => {
    void registryVersion.value
    return modelTools()
  })
  const hints = (): ReplyHints => ({ model: state.value.model.trim() || undefined, tools: tools.value })
  // The editor's live text. The saved copy follows it after a pause in typing (saving a long
  // reply on every keystroke would cost more than the typing), unless it is too long.
  const text = ref(state.value.text)

  const parsedText = ref(text.value)
  const result = shallowRef<ParseResult>(parseReply(text.value, state.value.protocol, hints()))
  // The pane reads a reply as a model's in a chat with every tool on.
  const toolSession = createToolSession({ registry: toolRegistryManager, caller: 'agent' })
  const plans = shallowRef<CallPlan[]>([])
  let planning = 0
  /** Plans every request at once; the tools' policies answer a moment later. */
  function replan(known?: ReadonlyMap<ParsedRequest, CallPlan>): void {
    const current = result.value.requests.map((request) => known?.get(request) ?? toolSession.plan(request))
    plans.value = current
    const generation = ++planning
    if (current.every((plan) => plan.policiesConsulted)) return
    void Promise.all(
      current.map((plan) => (plan.policiesConsulted ? plan : toolSession.planWithPolicies(plan.request))),
    ).then((consulted) => {
      if (generation === planning) plans.value = consulted
    })
  }
  replan()
  let timer: ReturnType<typeof setTimeout> | null = null
  let saving: ReturnType<typeof setTimeout> | null = null
  /** Reads the text now (or, `offThread`, in the worker, and then): the newest text wins. */
  let parses = 0
  function reparse(offThread = false): void {
    // Saving a long reply (JSON and localStorage) waits until the cards are on screen.
    if (saving) clearTimeout(saving)
    saving = setTimeout(() => {
      if (text.value.length <= MAX_SAVED_CHARS) state.value.text = text.value
    }, SAVE_DELAY_MS)
    const source = text.value
    const protocol = state.value.protocol
    const generation = ++parses
    if (!offThread) return apply(source, parseReply(source, protocol, hints()))
    void parseOffThread(source, protocol, hints()).then((fresh) => {
      if (generation === parses) apply(source, fresh)
    })
  }
  function apply(source: string, fresh: ParseResult): void {
    const before = { text: parsedText.value, result: result.value, plans: plans.value }
    parsedText.value = source
    // Requests the edit did not touch keep their objects and plans, so their cards are not drawn
    // again: typing into a long reply redraws only what changed.
    const kept = keepUnchanged(before, fresh, source)
    result.value = { ...fresh, requests: kept.requests }
    results.value = {}
    replan(kept.plans)
  }
  watch(text, (value, old) => {
    if (timer) clearTimeout(timer)
    // A paste (or a sample) is read at once; typing waits for a pause.
    timer = setTimeout(() => reparse(true), Math.abs(value.length - old.length) >= PASTE_CHARS ? 0 : PARSE_DELAY_MS)
  })
  watch(
    () => state.value.protocol,
    () => reparse(),
  )
  // A model name is typed: read again after a pause, as for the reply.
  let modelTimer: ReturnType<typeof setTimeout> | null = null
  watch(
    () => state.value.model,
    () => {
      if (modelTimer) clearTimeout(modelTimer)
      modelTimer = setTimeout(() => reparse(true), PARSE_DELAY_MS)
    },
  )
  // New tools can change how values are typed and which names are known, and every plan.
  watch(tools, () => {
    reparse()
    replan()
  })
  /** Parses now (tests, and before running). */
  function flush(): void {
    if (timer) clearTimeout(timer)
    timer = null
    if (parsedText.value !== text.value) reparse()
  }

  const results = shallowRef<Record<string, ToolExecutionResult>>({})
  const running = ref(new Set<string>())

  type RunOptions = { approve?: Approver; runAnyway?: boolean }

  async function runOne(request: ParsedRequest, options: RunOptions): Promise<void> {
    running.value = new Set(running.value).add(request.requestId)
    try {
      const [result] = await toolSession.execute([request], {
        reasoning: options.runAnyway ? 'run' : 'skip',
        confirm: options.approve,
      })
      if (result) results.value = { ...results.value, [request.requestId]: result }
    } finally {
      const next = new Set(running.value)
      next.delete(request.requestId)
      running.value = next
    }
  }

  /** Runs one request as the plan says; `runAnyway` runs a request that sits in reasoning. */
  async function run(request: ParsedRequest, options: RunOptions = {}): Promise<void> {
    await runOne(request, options)
    // A run can change what a policy answers (a deleted folder holds no files to ask about).
    replan()
  }

  /** Every request in order, as a chat round would run them: requests in reasoning are not run. */
  async function runAll(options: { approve?: Approver } = {}): Promise<void> {
    flush()
    for (const request of result.value.requests) await runOne(request, options)
    replan()
  }

  const summary = computed<VerdictCount[]>(() => {
    const counts = new Map<CallVerdict, number>()
    for (const plan of plans.value) counts.set(plan.verdict, (counts.get(plan.verdict) ?? 0) + 1)
    return VERDICT_ORDER.filter((verdict) => counts.has(verdict)).map((verdict) => ({
      verdict,
      count: counts.get(verdict) as number,
    }))
  })
  /** The parser's diagnostics and the plans' (argument problems on their values), in text order. */
  const diagnostics = computed<Diagnostic[]>(() => {
    const found = plans.value.flatMap((plan) => planDiagnostics(plan, parsedText.value))
    if (found.length === 0) return result.value.diagnostics
    // The plan's unknown-tool (with the closest routing names) says what the parser's hint check says.
    const parsed = found.some((d) => d.code === 'unknown-tool')
      ? result.value.diagnostics.filter((d) => d.code !== 'unknown-tool-name')
      : result.value.diagnostics
    return [...parsed, ...found].sort((a, b) => a.offset - b.offset)
  })

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
    stale: computed(() => parsedText.value !== text.value),
  }
})

/**
 * The new parse's requests, with each one that is the same as before (same id, same place, same
 * text) replaced by the earlier object, and the plans of those kept.
 */
function keepUnchanged(
  before: { text: string; result: ParseResult; plans: readonly CallPlan[] },
  fresh: ParseResult,
  text: string,
): { requests: ParsedRequest[]; plans: Map<ParsedRequest, CallPlan> } {
  const old = new Map(
    before.result.requests.map((request, n) => [request.requestId, { request, plan: before.plans[n] }]),
  )
  const plans = new Map<ParsedRequest, CallPlan>()
  const requests = fresh.requests.map((request) => {
    const earlier = old.get(request.requestId)
    if (!earlier || earlier.request.start !== request.start || earlier.request.end !== request.end) return request
    if (
      before.text.slice(request.start, request.end) !== text.slice(request.start, request.end) ||
      earlier.request.inReasoning !== request.inReasoning
    )
      return request
    if (earlier.plan && earlier.plan.policiesConsulted) plans.set(earlier.request, earlier.plan)
    return earlier.request
  })
  return { requests, plans }
}

/** Every method a model may call, as OpenAI-style definitions (name and JSON Schema). */
function modelTools(): { name: string; parameters: unknown }[] {
  return toolRegistryManager.list().flatMap((tool) =>
    tool
      .getMetadata()
      .methods.filter((method) => method.agentCallable === true)
      .map((method) => ({
        name: routingName(tool.id, method.name),
        parameters: method.inputSchema ?? methodArgumentsSchema(modelFacingMethod(method)),
      })),
  )
}

/** The summary's order: what runs first, then why the rest does not. */
const VERDICT_ORDER: CallVerdict[] = [
  'ready',
  'needs-approval',
  'in-reasoning',
  'unknown-tool',
  'not-callable',
  'disabled',
  'invalid-arguments',
  'denied',
  'malformed',
]
