/**
 * The call plan's contracts: the verdict a call gets, what a planned call and a whole plan hold,
 * and what planning takes besides the request.
 */
import type { ParsedRequest } from '../types'
import type { ToolRegistryManager } from '../tools/registry-manager'
import type { ArgumentCheck, Arguments } from './arguments'
import type { VariableStore } from '../results/variables'
import type { MessageRef } from '../messages/types'
import type { MethodMetadata, ToolRegistry } from '../types'
import type { ApprovalMemory, ApprovalRule } from './approval-rules'

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
  /** The reply only quotes the request (a blockquote, inline code): it is not a call and never runs. */
  | 'quoted'

/** Verdicts under which the method is called (after approval, for `needs-approval`). */
export const RUNNABLE_VERDICTS: ReadonlySet<CallVerdict> = new Set(['ready', 'needs-approval'])

/** One call of one method: a whole request, or one item of a numbered batch. */
export interface PlannedCall {
  verdict: CallVerdict
  /** For every verdict but `ready`: the sentence the executor reports (and the model reads), in English. */
  reason?: string
  /** `reason` said by id, for a user interface in another language. */
  reasonRef?: MessageRef
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
  /** `approvalReason` said by id (unset for a tool policy's own words). */
  approvalReasonRef?: MessageRef
  /**
   * The session's approval rule for the method, when it asks (policy 'once' or 'always'): why the
   * call needs approval, typed. Unset when only the tool's policy or a code fence asks.
   */
  approvalRule?: ApprovalRule
  /** The id of the call's variables: the request's id, `<id>.<n>` for batch item n. */
  callId: string
  /** Batch items: the item's number and command. */
  index?: number
  command?: string
  /** The verdict the call would have if it were run anyway (set with `in-reasoning` and `quoted`). */
  whenRun?: CallVerdict
  /** Milliseconds its arguments took to resolve and check (a JSON Schema may be slow): they count against its timeout. */
  checkMs?: number
}

/** A request's plan: its own call (or a batch's summary verdict), with the request it was made from. */
export interface CallPlan extends PlannedCall {
  request: ParsedRequest
  /** A numbered batch: its items, run in this order (each by its own verdict). */
  items?: PlannedCall[]
  /** False until the tools' policy hooks have been consulted (`ToolSession.planWithPolicies`). */
  policiesConsulted: boolean
}

/** What, besides the request, decides a plan. */
export interface PlanOptions {
  /** @default the app's toolRegistryManager */
  registry?: ToolRegistryManager
  /** A model ('agent') may only call agentCallable methods; a person ('user') any. @default 'agent' */
  caller?: 'agent' | 'user'
  /** Tools switched off are `disabled`. @default every tool is on */
  toolEnabled?: (toolId: string, method: string) => boolean
  /** An agent's preset arguments per tool id: they fill what the model leaves out. */
  presets?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /** Every call needs approval (what `approval` decides when given). @default false */
  requireConfirmation?: boolean
  /**
   * The approval rule of a method: 'always' makes its calls `needs-approval`; 'once' too, unless
   * `approvalMemory` remembers an answer for the same arguments (an approval runs it, a rejection
   * makes it `denied`). A tool session passes its own. @default by `requireConfirmation`
   */
  approval?: (tool: ToolRegistry, method: MethodMetadata) => ApprovalRule
  /** Where 'once' answers are remembered (the executor writes them). */
  approvalMemory?: ApprovalMemory
  /**
   * `$VAR_REF{{name}}` in arguments is resolved from here (an unknown name is `unresolved`); when
   * running, full results and arguments are stored here and a cut result says which variable holds the rest.
   */
  variables?: VariableStore
  /** Requests inside reasoning: 'skip' them (`in-reasoning`) or 'run' them anyway. @default 'skip' */
  reasoning?: 'skip' | 'run'
  /**
   * Requests in a Markdown code fence (`quoted: 'code-fence'`): 'ask' a person first (`needs-approval`)
   * or 'run' them like any other. @default 'ask'
   */
  fencedCalls?: 'ask' | 'run'
}
