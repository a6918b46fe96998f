/**
 * `vcp check` and `vcp exec`: a reply's requests planned, or run, in one tool session set up as
 * an agent would be (the --settings file: config, tool groups, presets), with the variables an
 * earlier exec kept. check prints the plans exec follows, so the two cannot disagree.
 */
import {
  createToolSession,
  createVariableStore,
  DEFAULT_TOOL_CALL_CONFIG,
  emptyGroupState,
  planDiagnostics,
  readSavedVariables,
  type ArgumentCheck,
  type CallPlan,
  type Diagnostic,
  type ParseOptions,
  type PlannedCall,
  type ToolCallConfig,
  type ToolRegistryManager,
  type ToolSession,
  type ToolExecutionResult,
  type ApprovalSettings,
  type ToolSettings,
  type VariableStore,
} from '../core'
import { isRecord } from '../core/internal'
import { BUILTIN_GROUPS } from '../tools/groups'

/** What check and exec need of the command line. */
export interface ReplyCommand {
  protocol: string
  read: ParseOptions
  /** --timeout, when given: it wins over the settings file's. */
  timeout: number | undefined
  parallel: boolean
  approve: boolean
  /** The --settings file's content, read. */
  settings: ToolSettings
}

/** The tool session a reply is checked or run in. */
export function replySession(
  registry: ToolRegistryManager,
  command: ReplyCommand,
  variables: VariableStore,
): ToolSession {
  const { settings } = command
  const config: ToolCallConfig = {
    ...DEFAULT_TOOL_CALL_CONFIG,
    ...settings.config,
    ...(command.timeout !== undefined ? { timeout: command.timeout } : {}),
    ...(command.parallel ? { parallelExecution: true } : {}),
  }
  return createToolSession({ ...settings, config, registry, variables })
}

/** The call plan of every request (those in reasoning too), as exec would run them. */
export async function checkText(text: string, tools: ToolSession, command: ReplyCommand) {
  const parsed = tools.parse(text, { ...command.read, protocol: command.protocol })
  const plans: CallPlan[] = []
  for (const request of parsed.requests) plans.push(await tools.planWithPolicies(request))
  const diagnostics = [...parsed.diagnostics, ...plans.flatMap((plan) => planDiagnostics(plan, text))].sort(
    (a, b) => a.offset - b.offset,
  )
  return {
    requests: plans.map((plan) => ({
      requestId: plan.request.requestId,
      toolName: plan.request.toolName,
      ...plannedOutput(plan),
      ...(plan.items ? { items: plan.items.map(plannedOutput) } : {}),
    })),
    diagnostics,
  }
}

/** Runs the reply's requests; with --approve, calls that need approval run too. */
export async function execText(text: string, tools: ToolSession, command: ReplyCommand) {
  const parsed = tools.parse(text, { ...command.read, protocol: command.protocol })
  const results = await tools.execute(parsed.requests, command.approve ? { confirm: () => true } : {})
  return { results: resultsOutput(results), diagnostics: parsed.diagnostics }
}

/** Results as the exec commands print them: durations to 0.01 ms, nothing but what a script reads. */
export function resultsOutput(results: readonly ToolExecutionResult[]) {
  return results.map(({ requestId, toolName, status, result, durationMs }) => ({
    requestId,
    toolName,
    status,
    result,
    durationMs: Math.round(durationMs * 100) / 100,
  }))
}

function plannedOutput(call: PlannedCall): Record<string, unknown> {
  return {
    ...(call.index !== undefined ? { index: call.index, command: call.command } : {}),
    verdict: call.verdict,
    ...(call.whenRun ? { whenRun: call.whenRun } : {}),
    ...(call.routingName ? { routingName: call.routingName } : {}),
    ...(call.reason ? { reason: call.reason } : {}),
    ...(call.approvalReason ? { approvalReason: call.approvalReason } : {}),
    arguments: { ...call.args },
    ...(call.limit !== undefined ? { limit: call.limit } : {}),
    checks: call.checks.map(checkOutput),
  }
}

function checkOutput(check: ArgumentCheck): Record<string, unknown> {
  const { span, ...rest } = check
  return span ? { ...rest, offset: span.offset, length: span.length } : rest
}

/** The variables a former exec kept; what cannot be read is left out, and said. */
export async function loadVariables(
  readFile: (path: string) => Promise<string>,
  path: string,
): Promise<{ store: VariableStore; problem?: Diagnostic }> {
  const store = createVariableStore()
  let saved: unknown
  try {
    const text = await readFile(path)
    try {
      saved = JSON.parse(text)
    } catch {
      saved = null
    }
  } catch {
    return { store }
  }
  const { variables, unreadable } = readSavedVariables(saved)
  for (const variable of variables) store.set(variable)
  if (unreadable === 0) return { store }
  const message = Array.isArray(saved)
    ? `${path}: ${unreadable} saved variable${unreadable === 1 ? '' : 's'} could not be read; exec went on without ${unreadable === 1 ? 'it' : 'them'}.`
    : `${path}: the saved variables could not be read; exec went on without them.`
  return {
    store,
    problem: { severity: 'warning', code: 'variables-unreadable', message, offset: 0, length: 0, line: 1, column: 1 },
  }
}

const CONFIG_KEYS: Record<string, 'boolean' | 'number' | 'string' | 'record'> = {
  enabled: 'boolean',
  mode: 'string',
  toolToggles: 'record',
  defaultToolEnabled: 'boolean',
  timeout: 'number',
  requireConfirmation: 'boolean',
  parallelExecution: 'boolean',
  protocol: 'string',
  maxIterations: 'number',
}

/**
 * The --settings file: `{"config": {...}, "groups": {"groups": {"Compute": false}, "tools": {"calc": false}},
 * "presets": {"toolId": {...}}, "approval": {"policies": {"fs": "always"}}}`, every part optional. A
 * string says what is wrong with it.
 */
export function readSettings(text: string, path: string): ToolSettings | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`
  }
  if (!isRecord(value)) return `${path} must hold a JSON object with "config", "groups" and "presets" (each optional)`
  const settings: ToolSettings = {}
  if (value.config !== undefined) {
    if (!isRecord(value.config)) return `${path}: "config" must be an object`
    for (const [key, given] of Object.entries(value.config)) {
      const kind = CONFIG_KEYS[key]
      if (!kind) return `${path}: "config.${key}" is not a setting (known: ${Object.keys(CONFIG_KEYS).join(', ')})`
      if (kind === 'record' ? !isBooleanRecord(given) : typeof given !== kind)
        return `${path}: "config.${key}" must be ${kind === 'record' ? 'an object of true/false' : `a ${kind}`}`
    }
    // Only what the file sets: the command line's options and the defaults fill the rest.
    settings.config = value.config as unknown as ToolCallConfig
  }
  if (value.groups !== undefined) {
    const groups = value.groups
    if (!isRecord(groups) || !isBooleanRecord(groups.groups ?? {}) || !isBooleanRecord(groups.tools ?? {}))
      return `${path}: "groups" must be {"groups": {name: true|false}, "tools": {toolId: true|false}}`
    const state = emptyGroupState()
    Object.assign(state.groups, groups.groups)
    Object.assign(state.tools, groups.tools)
    settings.groups = { groups: BUILTIN_GROUPS, state }
  }
  if (value.presets !== undefined) {
    const presets = value.presets
    if (!isRecord(presets) || !Object.values(presets).every(isRecord))
      return `${path}: "presets" must be {toolId: {argument: value}}`
    settings.presets = presets as ToolSettings['presets']
  }
  if (value.approval !== undefined) {
    const approval = readApproval(value.approval)
    if (typeof approval === 'string') return `${path}: ${approval}`
    settings.approval = approval
  }
  return settings
}

const APPROVAL_POLICIES: readonly unknown[] = ['auto', 'once', 'always']
const RESULT_POLICIES: readonly unknown[] = ['never', 'on-error', 'always']

/** The settings file's "approval": the session's ApprovalSettings, checked; a string says what is wrong. */
function readApproval(value: unknown): ApprovalSettings | string {
  const shape =
    '"approval" must be {"policies": {toolId or toolId_method: "auto"|"once"|"always"}, "everyCall": ..., "results": {toolId: "never"|"on-error"|"always"}, "everyResult": ..., "askServerTools": true|false}'
  if (!isRecord(value)) return shape
  const known = ['policies', 'everyCall', 'results', 'everyResult', 'askServerTools']
  const unknown = Object.keys(value).find((key) => !known.includes(key))
  if (unknown !== undefined) return `"approval.${unknown}" is not a setting (known: ${known.join(', ')})`
  const allOf = (record: unknown, allowed: readonly unknown[]) =>
    record === undefined || (isRecord(record) && Object.values(record).every((v) => allowed.includes(v)))
  if (!allOf(value.policies, APPROVAL_POLICIES) || !allOf(value.results, RESULT_POLICIES)) return shape
  if (value.everyCall !== undefined && !APPROVAL_POLICIES.includes(value.everyCall)) return shape
  if (value.everyResult !== undefined && !RESULT_POLICIES.includes(value.everyResult)) return shape
  if (value.askServerTools !== undefined && typeof value.askServerTools !== 'boolean') return shape
  return value as ApprovalSettings
}

function isBooleanRecord(value: unknown): boolean {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'boolean')
}
