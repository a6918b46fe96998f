/**
 * The Executor pane: the chosen method, its form or JSON text, the run in progress, and the last
 * ten runs (persisted, so history survives a reload).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import {
  convertRequest,
  directRequest,
  createVariableStore,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  modelFacingMethod,
  resolveRoute,
  routingName,
  stringArguments,
  toolRegistryManager,
  type Approver,
  type CallPlan,
  type CallProgress,
  type MethodMetadata,
  type ToolExecutionResult,
  protocolRegistry,
  type ToolRegistry,
} from '../core'
import { formToJson, readForm, readJsonArguments, toFormValues, type FormValues } from '../forms/parameter-form'
import { isRecord, persistedRef } from '../persistence/persisted'
import { appRegistryVersion } from '../registry-version'

export type ExecutorMode = 'form' | 'json'

export interface HistoryEntry {
  id: number
  routingName: string
  arguments: Record<string, unknown>
  status: ToolExecutionResult['status']
  result: string
  durationMs: number
  at: number
}

interface ExecutorState {
  routingName: string
  mode: ExecutorMode
  values: FormValues
  json: string
  copyProtocol: string
  history: HistoryEntry[]
  nextRunId: number
}

export const HISTORY_SIZE = 10
const RUN_TIMEOUT_MS = 60_000

function defaults(): ExecutorState {
  return { routingName: '', mode: 'form', values: {}, json: '{}', copyProtocol: 'vcp', history: [], nextRunId: 1 }
}

const STATUSES = ['success', 'error', 'denied', 'timeout', 'aborted']

/** Saved executor state, read field by field: a bad field or history entry is reset or dropped, and said. */
function check(data: unknown, repairs: string[]): ExecutorState | null {
  if (!isRecord(data)) return null
  const state = defaults()
  if (typeof data.routingName === 'string') state.routingName = data.routingName
  if (data.mode === 'form' || data.mode === 'json') state.mode = data.mode
  if (isRecord(data.values)) state.values = data.values as FormValues
  else if (data.values !== undefined) repairs.push('the form values could not be read and were cleared')
  if (typeof data.json === 'string') state.json = data.json
  if (typeof data.copyProtocol === 'string' && protocolRegistry.get(data.copyProtocol))
    state.copyProtocol = data.copyProtocol
  else if (data.copyProtocol !== undefined)
    repairs.push(`"Copy as request" named an unknown protocol (${JSON.stringify(data.copyProtocol)}); it is VCP again`)
  if (Array.isArray(data.history)) {
    state.history = data.history.filter((h): h is HistoryEntry => {
      const ok =
        isRecord(h) &&
        typeof h.id === 'number' &&
        typeof h.routingName === 'string' &&
        isRecord(h.arguments) &&
        STATUSES.includes(h.status as string) &&
        typeof h.result === 'string' &&
        typeof h.durationMs === 'number' &&
        typeof h.at === 'number'
      if (!ok) repairs.push('a run in the history could not be read and was removed')
      return ok
    })
  } else if (data.history !== undefined) repairs.push('the run history could not be read and was cleared')
  const highest = Math.max(0, ...state.history.map((h) => h.id))
  state.nextRunId = typeof data.nextRunId === 'number' && data.nextRunId > highest ? data.nextRunId : highest + 1
  return state
}

export interface MethodChoice {
  routingName: string
  tool: ToolRegistry
  method: MethodMetadata
}

export const useExecutorStore = defineStore('executor', () => {
  const state = persistedRef<ExecutorState>('executor', 1, defaults, check)
  /** Bumped when tools come and go, so the method list is recomputed. */
  const registryVersion = appRegistryVersion()

  const methods = computed<MethodChoice[]>(() => {
    void registryVersion.value
    // As the model sees them (`limit` included): the form and the schema show what a call may say.
    return toolRegistryManager.list().flatMap((tool) =>
      tool.getMetadata().methods.map((method) => ({
        routingName: routingName(tool.id, method.name),
        tool,
        method: modelFacingMethod(method),
      })),
    )
  })

  /** The chosen method, resolved like a model's call (a typed `toolId_methodName`). */
  const target = computed(() => {
    void registryVersion.value
    const name = state.value.routingName.trim()
    if (name === '') return null
    const route = resolveRoute(toolRegistryManager, name, undefined)
    return route.ok ? { ...route.target, method: modelFacingMethod(route.target.method) } : null
  })
  const targetError = computed(() => {
    const name = state.value.routingName.trim()
    if (name === '' || target.value) return null
    const route = resolveRoute(toolRegistryManager, name, undefined)
    return route.ok ? null : route.message
  })

  const parameters = computed(() => target.value?.method.parameters ?? [])
  const formReading = computed(() => readForm(parameters.value, state.value.values))
  const jsonReading = computed(() => readJsonArguments(state.value.json))

  /** Why Run is disabled, or null when it may run. */
  const blocker = computed<{ key: string; detail?: string } | null>(() => {
    if (!target.value)
      return {
        key: state.value.routingName.trim() === '' ? 'executor.blocked.noMethod' : 'executor.blocked.unknownMethod',
      }
    if (state.value.mode === 'json') {
      const reading = jsonReading.value
      if (!reading.ok)
        return reading.message === 'not-object'
          ? { key: 'executor.blocked.jsonNotObject' }
          : { key: 'executor.blocked.invalidJson', detail: reading.message }
    } else {
      const [path] = Object.keys(formReading.value.errors)
      if (path !== undefined) return { key: 'executor.blocked.field', detail: path }
    }
    // What the form or the JSON cannot see (an undeclared key, a missing value), the plan does.
    const current = plan.value
    return current?.verdict === 'invalid-arguments' ? { key: 'executor.blocked.plan', detail: current.reason } : null
  })

  /** The arguments a run would send now. */
  const currentArguments = computed<Record<string, unknown>>(() => {
    if (state.value.mode === 'json') {
      const reading = jsonReading.value
      return reading.ok ? reading.arguments : {}
    }
    return formReading.value.arguments
  })

  /** What the executor would do with the current arguments (a person calls: any method may run). */
  const plan = computed<CallPlan | null>(() => {
    if (!target.value) return null
    if (state.value.mode === 'json' && !jsonReading.value.ok) return null
    return tools.plan(directRequest(target.value.routingName, currentArguments.value, 'preflight'))
  })

  // ---- choosing, loading, switching modes ---------------------------------

  function choose(name: string, args?: Record<string, unknown>): void {
    state.value.routingName = name
    const params = target.value?.method.parameters ?? []
    state.value.values = toFormValues(params, args)
    state.value.json = formToJson(params, state.value.values)
  }

  /** Switching keeps the values; JSON that is not an object keeps JSON mode (returns false). */
  function setMode(mode: ExecutorMode): boolean {
    if (mode === state.value.mode) return true
    if (mode === 'json') {
      state.value.json = formToJson(parameters.value, state.value.values)
    } else {
      const reading = jsonReading.value
      if (!reading.ok) return false
      state.value.values = toFormValues(parameters.value, reading.arguments)
    }
    state.value.mode = mode
    return true
  }

  // ---- running ----------------------------------------------------------------

  const running = ref(false)
  const startedAt = ref(0)
  const now = ref(0)
  const lastResult = shallowRef<ToolExecutionResult | null>(null)
  /** What a running call last said of its progress (MCP servers report it). */
  const progress = shallowRef<CallProgress | null>(null)
  // A server may send thousands of progress notifications a second: the latest is shown, at most
  // once per frame, so a flood cannot keep the page from drawing.
  let latestProgress: CallProgress | null = null
  let progressFrame = false
  function showProgress(next: CallProgress): void {
    latestProgress = next
    if (progressFrame) return
    progressFrame = true
    nextFrame(() => {
      progressFrame = false
      if (running.value) progress.value = latestProgress
    })
  }
  // Full results of this page's runs: a cut result can be opened whole, and the vars tools work here too.
  const variables = createVariableStore()
  // A person calls here: any method may run, for as long as RUN_TIMEOUT_MS.
  const tools = createToolSession({
    registry: toolRegistryManager,
    caller: 'user',
    variables,
    config: { ...DEFAULT_TOOL_CALL_CONFIG, timeout: RUN_TIMEOUT_MS },
  })
  /** The whole text of the last result when the pane shows it cut. */
  const fullResult = computed(() => {
    const name = lastResult.value?.truncation?.variable
    return name ? (variables.peek(name)?.value ?? null) : null
  })
  let controller: AbortController | null = null
  let ticker: ReturnType<typeof setInterval> | null = null

  const elapsedMs = computed(() =>
    running.value ? Math.max(0, now.value - startedAt.value) : (lastResult.value?.durationMs ?? 0),
  )

  /** A call its tool wants approved is shown to the person who pressed Run (`approve`). */
  async function run(
    args: Record<string, unknown> = currentArguments.value,
    name = state.value.routingName.trim(),
    approve?: Approver,
  ): Promise<ToolExecutionResult | null> {
    if (running.value) return null
    const id = state.value.nextRunId++
    const request = directRequest(name, args, `run-${id}`)
    controller = new AbortController()
    running.value = true
    startedAt.value = performance.now()
    now.value = startedAt.value
    ticker = setInterval(() => (now.value = performance.now()), 50)
    progress.value = null
    latestProgress = null
    try {
      // A person may run any method, agent-callable or not.
      const [ran] = await tools.execute([request], {
        signal: controller.signal,
        confirm: approve,
        onCallProgress: showProgress,
      })
      const result = ran!
      lastResult.value = result
      state.value.history = [
        {
          id,
          routingName: name,
          arguments: JSON.parse(JSON.stringify(args)) as Record<string, unknown>,
          status: result.status,
          result: result.result,
          durationMs: result.durationMs,
          at: Date.now(),
        },
        ...state.value.history,
      ].slice(0, HISTORY_SIZE)
      return result
    } finally {
      if (ticker) clearInterval(ticker)
      ticker = null
      controller = null
      running.value = false
    }
  }

  function cancel(): void {
    controller?.abort(new DOMException('cancelled by the user', 'AbortError'))
  }

  function replay(entry: HistoryEntry, approve?: Approver): Promise<ToolExecutionResult | null> {
    return run(entry.arguments, entry.routingName, approve)
  }

  function loadFromHistory(entry: HistoryEntry): void {
    choose(entry.routingName, entry.arguments)
  }

  function clearHistory(): void {
    state.value.history = []
  }

  /** The current call written as a request in `protocol`. */
  const copyText = computed(() => {
    if (!target.value) return ''
    const args = currentArguments.value
    return convertRequest(
      { toolName: target.value.routingName, args: stringArguments(args), arguments: args },
      state.value.copyProtocol,
    ).text
  })

  return {
    state,
    methods,
    target,
    targetError,
    parameters,
    formReading,
    jsonReading,
    plan,
    blocker,
    currentArguments,
    choose,
    setMode,
    running,
    elapsedMs,
    lastResult,
    progress,
    fullResult,
    variables,
    run,
    cancel,
    replay,
    loadFromHistory,
    clearHistory,
    copyText,
  }
})

/** A history row's one-line view of its arguments: `path: /notes, depth: 2`, cut to `max` characters. */
export function argumentSummary(args: Record<string, unknown>, max = 80): string {
  const short = (value: unknown): string => {
    const text = typeof value === 'string' ? value.replace(/\s+/g, ' ') : (JSON.stringify(value) ?? String(value))
    return text.length > 24 ? `${text.slice(0, 23)}…` : text
  }
  const line = Object.keys(args)
    .map((key) => `${key}: ${short(args[key])}`)
    .join(', ')
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

function nextFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback())
  else setTimeout(callback, 16)
}
