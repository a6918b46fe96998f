/**
 * What every check reads, worked out once per set of exchanges: each exchange as a reply, its twin
 * in the other mode, whether a stream agrees with its twin, the markup in content and reasoning, and
 * schema checks. Also the attribution rule the checks share: why a missing call is not a fault here.
 */
import { createSchemaChecker } from '../mcp/listed-tools'
import { agreementVerdict, replySignature } from './agreement'
import { findMarkupCalls, type MarkupCall } from './markup'
import { canonicalJson, emptyView, type CallView, type ReplyView } from './reply'
import { requestTools, toolSchema } from './request-facts'
import { streamView } from './stream-view'
import type { WireExchange } from './types'
import type { Verdict } from './verdicts'
import { wholeView } from './whole-view'

export interface CheckContext {
  views: readonly ReplyView[]
  /** The other mode's reply of the same probe and attempt. */
  partner(view: ReplyView): ReplyView | undefined
  /** A streamed reply against its non-streamed twin (undefined for a non-streamed reply). */
  agreement(view: ReplyView): Verdict | undefined
  contentMarkup(view: ReplyView): MarkupCall[]
  reasoningMarkup(view: ReplyView): MarkupCall[]
  /** Schema problems of arguments, as sentences; undefined when the tool was not offered. */
  schemaProblems(view: ReplyView, tool: string, args: Record<string, unknown>): string[] | undefined
}

export function createCheckContext(exchanges: readonly WireExchange[]): CheckContext {
  const views = exchanges.map(readView)
  const twins = new Map<string, ReplyView>()
  for (const view of views) twins.set(key(view.exchange, view.exchange.mode), view)
  const steady = steadyProbes(views)
  const agreements = new Map<ReplyView, Verdict>()
  const content = new Map<ReplyView, MarkupCall[]>()
  const reasoning = new Map<ReplyView, MarkupCall[]>()
  const checker = createSchemaChecker()
  const context: CheckContext = {
    views,
    partner: (view) => twins.get(key(view.exchange, view.exchange.mode === 'stream' ? 'whole' : 'stream')),
    agreement(view) {
      if (view.exchange.mode !== 'stream') return undefined
      let verdict = agreements.get(view)
      if (!verdict) {
        verdict = agreementVerdict(view, context.partner(view), steady.has(view.exchange.probe))
        agreements.set(view, verdict)
      }
      return verdict
    },
    contentMarkup: (view) => cached(content, view, () => findMarkupCalls(view.content, requestTools(view.exchange))),
    reasoningMarkup: (view) =>
      cached(reasoning, view, () => findMarkupCalls(view.reasoning, requestTools(view.exchange))),
    schemaProblems(view, tool, args) {
      const schema = toolSchema(view.exchange, tool)
      if (!schema) return undefined
      // Keyed by the schema itself: a replayed capture may offer one name with two schemas.
      return checker
        .check(`${tool}\u0000${canonicalJson(schema)}`, schema, args)
        .map((problem) => `${problem.path || 'the arguments'}: ${problem.message}`)
    },
  }
  return context
}

function readView(exchange: WireExchange): ReplyView {
  try {
    return exchange.mode === 'stream' ? streamView(exchange) : wholeView(exchange)
  } catch (error) {
    return emptyView(exchange, [], `it could not be read (${error instanceof Error ? error.message : String(error)})`)
  }
}

/**
 * Why a reply without calls says nothing about tool_choice here: the calls went into content as
 * markup, into reasoning, or the stream lost them (each its own check's fault). Undefined: no excuse.
 */
export function missingCallsExcuse(context: CheckContext, view: ReplyView): string | undefined {
  if (context.contentMarkup(view).length > 0)
    return 'the calls were left in content as markup (see leaked-markup/content)'
  if (context.reasoningMarkup(view).length > 0)
    return 'the calls were written into the reasoning (see reasoning/not-lost)'
  if (context.agreement(view)?.status === 'fail')
    return 'the stream did not give the calls the non-streamed reply gave (see stream-final-agreement/calls)'
  return undefined
}

/**
 * Calls tool_calls holds again (the same name and arguments) where the reasoning holds that tool's
 * call as markup: the server parsed the call out of the reasoning, and again out of the answer.
 */
export function callsDoubledFromReasoning(context: CheckContext, view: ReplyView): CallView[] {
  const inReasoning = new Set(context.reasoningMarkup(view).map((call) => call.name))
  if (inReasoning.size === 0) return []
  const seen = new Set<string>()
  const doubled: CallView[] = []
  for (const call of view.calls) {
    const key = `${call.name}\u0000${argumentsKey(call)}`
    if (seen.has(key) && inReasoning.has(call.name)) doubled.push(call)
    seen.add(key)
  }
  return doubled
}

/** The same arguments however they were spaced or ordered. */
function argumentsKey(call: CallView): string {
  try {
    return canonicalJson(JSON.parse(call.argsText))
  } catch {
    return call.argsText
  }
}

/** Whether a streamed reply's calls may be judged on their own: not when they disagree with the twin's. */
export function streamExcuse(context: CheckContext, view: ReplyView): string | undefined {
  return context.agreement(view)?.status === 'fail'
    ? 'the stream did not give the calls the non-streamed reply gave (see stream-final-agreement/calls)'
    : undefined
}

/** Probes whose non-streamed replies gave the same calls in every repetition. */
function steadyProbes(views: readonly ReplyView[]): Set<string> {
  const seen = new Map<string, Set<string>>()
  for (const view of views) {
    if (view.exchange.mode !== 'whole' || view.unusable !== undefined) continue
    const signatures = seen.get(view.exchange.probe) ?? new Set<string>()
    signatures.add(replySignature(view))
    seen.set(view.exchange.probe, signatures)
  }
  const steady = new Set<string>()
  for (const view of views) if ((seen.get(view.exchange.probe)?.size ?? 0) <= 1) steady.add(view.exchange.probe)
  return steady
}

function key(exchange: WireExchange, mode: string): string {
  return `${exchange.probe}\u0000${exchange.attempt}\u0000${mode}`
}

function cached<T>(map: Map<ReplyView, T>, view: ReplyView, make: () => T): T {
  let value = map.get(view)
  if (value === undefined) {
    value = make()
    map.set(view, value)
  }
  return value
}
