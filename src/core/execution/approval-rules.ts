/**
 * Whether a call asks a person first: the one place that decides it. A tool session holds the
 * approval settings; its plans give each call the rule decided here, and its runs ask exactly
 * the calls whose plan says `needs-approval`, so a card's plan and the loop cannot disagree.
 *
 * Precedence. The person's own choices are the config's "confirm every call" (or manual mode), a
 * policy for every call, the tool's policy and the method's policy (`toolId_method`); when any is
 * set, the most cautious of them wins (always > once > auto), so switching confirmation on is never
 * undone by a tool left on auto, and a tool set to always asks with confirmation off. When the
 * person chose nothing, the call runs; with `askServerTools` (the chat sets it), an MCP server's
 * tool asks instead, unless the person connected that server in this page and it says the method
 * only reads (`readOnlyHint`). A server's annotations never lower a choice of the person's. Apart from all this, a tool's own
 * policy hook may ask about one call, and a call in a code fence is asked about (see plan.ts).
 */
import type { MethodMetadata, ToolCallConfig, ToolRegistry } from '../types'
import { stableHash } from '../text/stable-hash'

/** 'auto' never asks (unless the tool asks), 'once' asks once per tool and arguments and remembers, 'always' asks each time. */
export type ApprovalPolicy = 'auto' | 'once' | 'always'

/** Which results a person sees before the model does. */
export type ResultPolicy = 'never' | 'on-error' | 'always'

/** A person's approval choices, as a session holds them; every field is optional. */
export interface ApprovalSettings {
  /** A policy for every call (as "confirm every call" with 'always'). */
  everyCall?: ApprovalPolicy
  /** Policies by tool id, or by method as its routing name `toolId_method`. */
  policies?: Readonly<Record<string, ApprovalPolicy>>
  /** Which results a person sees first, by tool id. @default 'never' */
  results?: Readonly<Record<string, ResultPolicy>>
  /** The same for every result, where a tool has none of its own. @default 'never' */
  everyResult?: ResultPolicy
  /**
   * An MCP server's tool the person chose no policy for asks first, unless its server was
   * connected by the person in this page and the method claims to only read. @default false: it runs
   */
  askServerTools?: boolean
}

/** Why a call's policy is what it is: the choice that decided it. */
export type ApprovalSource =
  /** The config confirms every call, or its mode is manual. */
  | 'confirm-every-call'
  /** `everyCall`. */
  | 'every-call'
  /** The method's own policy. */
  | 'method'
  /** The tool's policy. */
  | 'tool'
  /** Nobody chose, and server tools ask: an MCP server's tool asks (or runs, read-only on a server the person connected). */
  | 'server-default'
  /** Nobody chose: a built-in tool runs. */
  | 'default'

/** What the session decided for a method: its policy and the choice that decided it. */
export interface ApprovalRule {
  policy: ApprovalPolicy
  source: ApprovalSource
}

const CAUTION: Record<ApprovalPolicy, number> = { auto: 0, once: 1, always: 2 }

/** The approval rule of `method` of `tool` under `config` and `settings`. */
export function approvalRule(
  config: Pick<ToolCallConfig, 'requireConfirmation' | 'mode'>,
  settings: ApprovalSettings | undefined,
  tool: Pick<ToolRegistry, 'id' | 'origin' | 'connectedByPerson'>,
  method: Pick<MethodMetadata, 'name' | 'annotations'>,
): ApprovalRule {
  const chosen: ApprovalRule[] = []
  if (config.requireConfirmation || config.mode === 'manual')
    chosen.push({ policy: 'always', source: 'confirm-every-call' })
  if (settings?.everyCall) chosen.push({ policy: settings.everyCall, source: 'every-call' })
  const policies = settings?.policies ?? {}
  const own = `${tool.id}_${method.name}`
  if (Object.hasOwn(policies, own)) chosen.push({ policy: policies[own] as ApprovalPolicy, source: 'method' })
  if (Object.hasOwn(policies, tool.id)) chosen.push({ policy: policies[tool.id] as ApprovalPolicy, source: 'tool' })
  if (chosen.length > 0)
    return chosen.reduce((most, rule) => (CAUTION[rule.policy] > CAUTION[most.policy] ? rule : most))
  if (tool.origin === 'mcp' && settings?.askServerTools === true) {
    const spared = tool.connectedByPerson === true && method.annotations?.readOnlyHint === true
    return { policy: spared ? 'auto' : 'always', source: 'server-default' }
  }
  return { policy: 'auto', source: 'default' }
}

/** Which results of `toolId` a person sees before the model does. */
export function resultPolicy(settings: ApprovalSettings | undefined, toolId: string): ResultPolicy {
  const own = settings?.results
  return (own && Object.hasOwn(own, toolId) ? own[toolId] : undefined) ?? settings?.everyResult ?? 'never'
}

/** The key an 'once' answer is remembered under: the routing name and a stable hash of the arguments. */
export function approvalKey(call: { routingName: string; args: unknown }): string {
  return `${call.routingName}#${stableHash(call.args)}`
}

/** Where a session keeps its 'once' answers (an ApprovalDecision each). */
export type ApprovalMemory = Map<string, { approved: boolean; reason?: string }>
