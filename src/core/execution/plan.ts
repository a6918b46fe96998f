/**
 * The call plan: what the executor will do with a parsed request, worked out without running
 * anything. The executor runs exactly what the plan says, and everything that shows a request
 * (the Parser pane, the Executor pane, the chat's cards, `vcp check`) shows the plan, so what a
 * person is told and what happens cannot drift apart.
 *
 * `planCall` is synchronous and pure; a tool's policy hook may be asynchronous, so it is
 * consulted in a second step (`consultPolicies`), and `planToolCall` does both.
 */
import type { Diagnostic, MethodMetadata, ParsedRequest, ToolPolicyAnswer, ToolRegistry } from '../types'
import { toolRegistryManager, type ToolRegistryManager } from '../tools/registry-manager'
import { splitBatch } from '../batch'
import { resolveRoute } from './routing-table'
import { checkArguments, REFUSED_ARGUMENT_STATES, type ArgumentCheck, type Arguments } from './arguments'
import { argumentSpans, type TextSpan } from './spans'
import { LIMIT_PARAMETER } from '../results/output'
import { resolveVarRefs, VariableReferenceError, type ResolveBudget } from '../results/refs'
import type { VariableStore } from '../results/variables'
import { positionIn } from '../protocols/json/calls'

/** The one word for what will happen to a call. */
export type CallVerdict =
  /** It runs. */
  | 'ready'
  /** A person (or the run's approver) must approve it first; `approvalReason` says why. */
  | 'needs-approval'
  /** The block is broken (no tool name, unclosed, ...): it cannot be read as a call. */
  | 'malformed'
  /** No method answers to the name (or a tool id without a method). */
  | 'unknown-tool'
  /** The method exists but a model may not call it (not agentCallable). */
  | 'not-callable'
  /** The tool is switched off for this agent or configuration. */
  | 'disabled'
  /** An argument is missing, undeclared, of the wrong type or an unresolvable reference. */
  | 'invalid-arguments'
  /** The tool's policy refuses this call; `reason` says why (it goes to the model). */
  | 'denied'
  /** The request sits inside `<think>` reasoning: not executed unless asked (`reasoning: 'run'`). */
  | 'in-reasoning'

/** Verdicts under which the method is called (after approval, for `needs-approval`). */
export const RUNNABLE_VERDICTS: ReadonlySet<CallVerdict> = new Set(['ready', 'needs-approval'])

/** One call of one method: a whole request, or one item of a numbered batch. */
export interface PlannedCall {
  verdict: CallVerdict
  /** For every verdict but `ready`: the sentence the executor reports (and the model reads). */
  reason?: string
  /** `toolId_methodName`, once resolved. */
  routingName?: string
  toolId?: string
  /** The method's name, once resolved. */
  method?: string
  /** The arguments the method gets (empty when the call cannot run). */
  args: Arguments
  /** One per parameter the model sees (`limit` included), then one per undeclared argument. */
  checks: ArgumentCheck[]
  /** The output limit the call asked for, when it did. */
  limit?: number
  /** Set with `needs-approval`. */
  approvalReason?: string
  /** The id of the call's variables: the request's id, `<id>.<n>` for batch item n. */
  callId: string
  /** Batch items: the item's number and command. */
  index?: number
  command?: string
  /** The verdict the call would have if it were run anyway (set with `in-reasoning`). */
  whenRun?: CallVerdict
  /** Milliseconds its arguments took to resolve and check (a JSON Schema may be slow): they count against its timeout. */
  checkMs?: number
}

export interface CallPlan extends PlannedCall {
  request: ParsedRequest
  /** A numbered batch: its items, run in this order (each by its own verdict). */
  items?: PlannedCall[]
  /** False until the tools' policy hooks have been consulted (`consultPolicies`). */
  policiesConsulted: boolean
}

export interface PlanOptions {
  /** @default the app's toolRegistryManager */
  registry?: ToolRegistryManager
  /** A model ('agent') may only call agentCallable methods; a person ('user') any. @default 'agent' */
  caller?: 'agent' | 'user'
  /** Tools switched off are `disabled`. @default every tool is on */
  toolEnabled?: (toolId: string, method: string) => boolean
  /** An agent's preset arguments per tool id: they fill what the model leaves out. */
  presets?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /** Every call needs approval. @default false */
  requireConfirmation?: boolean
  /**
   * `$VAR_REF{{name}}` in arguments is resolved from here (an unknown name is `unresolved`); when
   * running, full results and arguments are stored here and a cut result says which variable holds the rest.
   */
  variables?: VariableStore
  /** Requests inside reasoning: 'skip' them (`in-reasoning`) or 'run' them anyway. @default 'skip' */
  reasoning?: 'skip' | 'run'
}

/** The approval reason of a call that needs approval only because every call does. */
export const CONFIRM_EVERY_CALL = 'every call is confirmed in this configuration'

/** Plans a request, tool policies not yet consulted. Never throws. */
export function planCall(request: ParsedRequest, options: PlanOptions = {}): CallPlan {
  const plan = planUnchecked(request, options)
  if (!request.inReasoning || options.reasoning === 'run') return plan
  // Every call of the block stays unrun, batch items too: the executor runs items by their own verdicts.
  const reason = `"${request.toolName || '(no tool name)'}" is inside <think> reasoning, so it is not executed.`
  const held = <T extends PlannedCall>(call: T): T => ({
    ...call,
    verdict: 'in-reasoning',
    whenRun: call.verdict,
    reason,
  })
  const items = plan.items?.map(held)
  return { ...held(plan), ...(items ? { items } : {}), policiesConsulted: true }
}

/** The plan with every runnable call's tool policy consulted. */
export async function consultPolicies(plan: CallPlan, options: PlanOptions = {}): Promise<CallPlan> {
  if (plan.policiesConsulted) return plan
  const registry = options.registry ?? toolRegistryManager
  if (plan.items) {
    const items: PlannedCall[] = []
    for (const item of plan.items) items.push(await consultPolicy(item, registry))
    return { ...plan, ...batchVerdict(items), items, policiesConsulted: true }
  }
  const call = await consultPolicy(plan, registry)
  return { ...plan, ...call, request: plan.request, policiesConsulted: true }
}

/** `planCall` then `consultPolicies`: the whole plan. */
export async function planToolCall(request: ParsedRequest, options: PlanOptions = {}): Promise<CallPlan> {
  return consultPolicies(planCall(request, options), options)
}

/**
 * Asks the call's tool about it. A refusal makes it `denied`; a request for a person makes it
 * `needs-approval`. A policy that throws refuses the call, saying so.
 */
export async function consultPolicy(call: PlannedCall, registry: ToolRegistryManager): Promise<PlannedCall> {
  const target = call.verdict === 'in-reasoning' ? undefined : runnableTarget(call, registry)
  if (!target) return call
  const { tool } = target
  if (typeof tool.policy !== 'function') return call
  let answer: ToolPolicyAnswer | undefined
  try {
    answer = await tool.policy({ method: target.method.name, args: call.args })
  } catch (error) {
    return {
      ...call,
      verdict: 'denied',
      reason: `The policy of tool "${tool.id}" failed on "${call.routingName}": ${errorMessage(error)}`,
    }
  }
  if (answer && 'deny' in answer)
    return { ...call, verdict: 'denied', reason: `"${call.routingName}" was refused by its tool: ${answer.deny}` }
  if (answer && 'ask' in answer) return { ...call, verdict: 'needs-approval', approvalReason: answer.ask }
  return call
}

/** The tool and method of a call that may run. */
export function runnableTarget(
  call: PlannedCall,
  registry: ToolRegistryManager,
): { tool: ToolRegistry; method: MethodMetadata } | undefined {
  if (!RUNNABLE_VERDICTS.has(call.verdict) || call.toolId === undefined || call.routingName === undefined)
    return undefined
  const route = resolveRoute(registry, call.routingName, undefined)
  return route.ok ? { tool: route.target.tool, method: route.target.method } : undefined
}

function planUnchecked(request: ParsedRequest, options: PlanOptions): CallPlan {
  const plan = (call: Omit<PlannedCall, 'callId'> & { items?: PlannedCall[] }, policiesConsulted: boolean): CallPlan =>
    Object.assign(call, { request, callId: request.requestId, policiesConsulted })
  if (!request.valid) {
    const reason = request.diagnostics.find((d) => d.severity === 'error')?.message ?? 'the request is malformed'
    return plan(
      {
        verdict: 'malformed',
        reason: `Request "${request.requestId}" for "${request.toolName || '(no tool name)'}" is not executable: ${reason}`,
        args: emptyArgs(),
        checks: [],
      },
      true,
    )
  }
  const registry = options.registry ?? toolRegistryManager
  const raw = modelArguments(request)
  const command = typeof raw.command === 'string' ? raw.command : undefined
  const route = resolveRoute(registry, request.toolName, command)
  let spans: Map<string, TextSpan> | undefined
  const spanAt = (name: string): TextSpan | undefined => (spans ??= argumentSpans(request)).get(name)
  if (route.ok) {
    const viaCommand = route.target.routingName !== request.toolName
    const call = planOne(route.target, viaCommand ? without(raw, 'command') : raw, request.requestId, options, spanAt)
    return plan(call, !RUNNABLE_VERDICTS.has(call.verdict))
  }
  const batch = registry.get(request.toolName) && command === undefined ? splitBatch(textArguments(raw)) : undefined
  if (!batch) return plan({ verdict: 'unknown-tool', reason: route.message, args: emptyArgs(), checks: [] }, true)
  const items = batch.map((item): PlannedCall => {
    const callId = `${request.requestId}.${item.index}`
    const itemRoute = resolveRoute(registry, request.toolName, item.command)
    if (!itemRoute.ok)
      return {
        index: item.index,
        command: item.command,
        callId,
        verdict: 'unknown-tool',
        reason: itemRoute.message,
        args: emptyArgs(),
        checks: [],
      }
    // An item's own `path2` wins over a shared `path`: its span is looked up the same way.
    const spanOf = (name: string): TextSpan | undefined => spanAt(`${name}${item.index}`) ?? spanAt(name)
    return Object.assign(planOne(itemRoute.target, item.args, callId, options, spanOf), {
      index: item.index,
      command: item.command,
    })
  })
  return plan(
    { ...batchVerdict(items), args: emptyArgs(), checks: [], items },
    items.every((item) => !RUNNABLE_VERDICTS.has(item.verdict)),
  )
}

/** A batch is ready when every item is; otherwise it takes its first item's verdict that is not. */
function batchVerdict(items: readonly PlannedCall[]): Pick<PlannedCall, 'verdict' | 'reason' | 'approvalReason'> {
  const blocking = items.find((item) => !RUNNABLE_VERDICTS.has(item.verdict))
  if (blocking)
    return {
      verdict: blocking.verdict,
      reason: `Item ${blocking.index} (${blocking.command}): ${blocking.reason ?? blocking.verdict}`,
    }
  const asking = items.filter((item) => item.verdict === 'needs-approval')
  if (asking.length > 0)
    return {
      verdict: 'needs-approval',
      approvalReason: asking.map((item) => `item ${item.index}: ${item.approvalReason}`).join('; '),
    }
  return { verdict: 'ready' }
}

function planOne(
  target: { tool: ToolRegistry; method: MethodMetadata; routingName: string },
  raw: Readonly<Record<string, unknown>>,
  callId: string,
  options: PlanOptions,
  spanOf: (name: string) => TextSpan | undefined,
): PlannedCall {
  const { tool, method, routingName } = target
  const checking = performance.now()
  const { args, checks, limit } = planArguments(method, raw, callId, options, tool.id)
  const checkMs = performance.now() - checking
  // Built once and filled in: every executor call goes through here.
  const call: PlannedCall = {
    verdict: 'ready',
    routingName,
    toolId: tool.id,
    method: method.name,
    args,
    checks,
    callId,
    checkMs,
  }
  let refused: ArgumentCheck[] | undefined
  for (const check of checks) {
    if (!REFUSED_ARGUMENT_STATES.has(check.state)) continue
    ;(refused ??= []).push(check)
    // Problems are underlined on their values; finding the values costs a scan of the block, so a
    // call with nothing wrong (every call the executor runs) never pays for it.
    const span = check.state === 'missing' ? undefined : spanOf(check.name)
    if (span) check.span = span
  }
  if ((options.caller ?? 'agent') === 'agent' && method.agentCallable !== true) {
    call.verdict = 'not-callable'
    call.reason = `"${routingName}" is not agent-callable: only methods marked agentCallable can be called by a model.`
  } else if (options.toolEnabled && !options.toolEnabled(tool.id, method.name)) {
    call.verdict = 'disabled'
    call.reason = `Tool "${tool.id}" is switched off in this configuration, so "${routingName}" was not called.`
  } else if (refused) {
    const unresolved = refused.find((check) => check.state === 'unresolved')
    call.verdict = 'invalid-arguments'
    call.reason = unresolved
      ? `Arguments of "${routingName}" could not be resolved: ${unresolved.problem}`
      : `Invalid arguments for "${routingName}": ${refused.map((check) => check.problem).join('; ')}.`
  } else {
    if (limit !== undefined) call.limit = limit
    if (options.requireConfirmation) {
      call.verdict = 'needs-approval'
      call.approvalReason = CONFIRM_EVERY_CALL
    }
  }
  return call
}

/**
 * The method's arguments, in the executor's order: references resolved, the request's id for a
 * method that declares `request_id`, the prompt's `limit` taken out, then every argument checked.
 */
function planArguments(
  method: MethodMetadata,
  raw: Readonly<Record<string, unknown>>,
  callId: string,
  options: PlanOptions,
  toolId: string,
): { args: Arguments; checks: ArgumentCheck[]; limit?: number } {
  const unresolved: ArgumentCheck[] = []
  let given: Record<string, unknown> = raw as Record<string, unknown>
  if (options.variables) {
    const budget: ResolveBudget = { references: 0, characters: 0 }
    given = emptyArgs()
    for (const key of Object.keys(raw)) {
      try {
        given[key] = resolveVarRefs(raw[key], options.variables, budget)
      } catch (error) {
        if (!(error instanceof VariableReferenceError)) throw error
        unresolved.push({
          name: key,
          state: 'unresolved',
          expected: '',
          given: textOf(raw[key]),
          problem: error.message,
        })
      }
    }
  }
  // VCPToolBox plugins that declare `request_id` get the request's id, which the parsers keep out of the arguments.
  if (given.request_id === undefined && method.parameters.some((p) => p.name === 'request_id'))
    given = { ...given, request_id: callId }
  // Every method takes an optional `limit` for its output unless it declares one itself.
  const ownLimit = method.parameters.some((p) => p.name === LIMIT_PARAMETER.name)
  const parameters = ownLimit ? method.parameters : [...method.parameters, LIMIT_PARAMETER]
  const { args, checks } = checkArguments(parameters, given, options.presets?.[toolId], method.openArguments === true)
  // A method with a JSON Schema checks the typed arguments as a whole (ranges, patterns, nested shapes).
  if (method.validateArguments && !checks.some((check) => REFUSED_ARGUMENT_STATES.has(check.state))) {
    const sent = emptyArgs()
    for (const key of Object.keys(args)) if (key !== LIMIT_PARAMETER.name || ownLimit) sent[key] = args[key]
    for (const problem of safeValidate(method, sent)) {
      const name = problem.path.split('/')[1] ?? ''
      const check = checks.find((c) => c.name === name)
      const message = problem.path
        ? `"${problem.path.slice(1).replace(/\//g, '.')}" ${problem.message}`
        : `the arguments ${problem.message}`
      if (check) {
        check.state = 'type-error'
        check.problem = check.problem ? `${check.problem}; ${message}` : message
      } else {
        checks.push({ name: name || '(arguments)', state: 'type-error', expected: '', problem: message })
      }
    }
  }
  // An unresolved argument is refused for what it is, not as missing.
  const failed = new Set(unresolved.map((check) => check.name))
  const merged = [...checks.filter((check) => !failed.has(check.name)), ...unresolved]
  let limit: number | undefined
  if (!ownLimit) {
    const limitCheck = merged.find((check) => check.name === LIMIT_PARAMETER.name && check.state === 'type-error')
    if (limitCheck)
      limitCheck.problem = `"limit" must be an integer (0 or -1: no cut), got ${limitCheck.given === undefined ? 'nothing' : JSON.stringify(limitCheck.given)}`
    const value = args[LIMIT_PARAMETER.name]
    if (typeof value === 'number') limit = value
    delete args[LIMIT_PARAMETER.name]
  }
  return { args, checks: merged, ...(limit === undefined ? {} : { limit }) }
}

/** A validator that throws is a problem with the call, said as one. */
function safeValidate(method: MethodMetadata, args: Arguments): { path: string; message: string }[] {
  try {
    return (method.validateArguments as NonNullable<MethodMetadata['validateArguments']>)(args)
  } catch (error) {
    return [{ path: '', message: `could not be checked against the schema: ${errorMessage(error)}` }]
  }
}

/**
 * Problems a plan finds in the arguments, as diagnostics on the values (so an editor can
 * underline them), plus one for a request that will not run for another reason.
 */
export function planDiagnostics(plan: CallPlan, text: string): Diagnostic[] {
  const out: Diagnostic[] = []
  const at = (span: TextSpan, severity: Diagnostic['severity'], code: string, message: string): void => {
    out.push({ severity, code, message, offset: span.offset, length: span.length, ...positionIn(text, span.offset) })
  }
  const block = { offset: plan.request.start, length: Math.max(1, plan.request.end - plan.request.start) }
  // Inside reasoning nothing runs: one warning over the block says so, and nothing more.
  if (plan.verdict === 'in-reasoning') {
    at(block, 'warning', 'request-in-reasoning', 'This request is inside <think> reasoning; it is not executed.')
    return out
  }
  const calls = plan.items ?? [plan]
  for (const call of calls) {
    const prefix = call.index === undefined ? '' : `Item ${call.index} (${call.command}): `
    for (const check of call.checks) {
      if (!REFUSED_ARGUMENT_STATES.has(check.state)) continue
      at(check.span ?? block, 'error', `argument-${check.state}`, prefix + (check.problem ?? check.state))
    }
    if (
      call.verdict === 'unknown-tool' ||
      call.verdict === 'not-callable' ||
      call.verdict === 'disabled' ||
      call.verdict === 'denied'
    ) {
      at(
        block,
        call.verdict === 'unknown-tool' ? 'error' : 'warning',
        call.verdict,
        prefix + (call.reason ?? call.verdict),
      )
    }
  }
  return out
}

/** Typed arguments (JSON paradigms) when the request has them, else the string fields. */
export function modelArguments(request: ParsedRequest): Record<string, unknown> {
  const typed = request.arguments
  if (typed !== null && typeof typed === 'object' && !Array.isArray(typed)) return typed as Record<string, unknown>
  return request.args
}

function textArguments(raw: Record<string, unknown>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>
  for (const key of Object.keys(raw)) out[key] = textOf(raw[key])
  return out
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function without(raw: Record<string, unknown>, omitted: string): Record<string, unknown> {
  const out = emptyArgs()
  for (const key of Object.keys(raw)) if (key !== omitted) out[key] = raw[key]
  return out
}

function emptyArgs(): Arguments {
  return Object.create(null) as Arguments
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
