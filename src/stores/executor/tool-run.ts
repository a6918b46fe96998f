/**
 * Running one call from the Executor through a person's tool session: the call in flight, its
 * clock and progress, cancelling it, and the last result (whole, when the pane shows it cut).
 */
import {
  computed,
  getCurrentScope,
  onScopeDispose,
  ref,
  shallowRef,
  type ComputedRef,
  type Ref,
  type ShallowRef,
} from 'vue'
import {
  createToolSession,
  createVariableStore,
  DEFAULT_TOOL_CALL_CONFIG,
  toolRegistryManager,
  type Approver,
  type CallProgress,
  type ParsedRequest,
  type ToolExecutionResult,
  type ToolSession,
  type VariableStore,
} from '../../core'
import { useFrameProgress } from './frame-progress'

/** How long a person's call may run before it times out. */
export const RUN_TIMEOUT_MS = 60_000
/** How often the clock of a running call moves. */
const TICK_MS = 50

/** The Executor's tools and the variables that keep its results whole. */
export interface ExecutorSession {
  tools: ToolSession
  variables: VariableStore
}

/**
 * A session in which a person calls: any method may run, agent-callable or not, for as long as
 * RUN_TIMEOUT_MS. Its variables hold the full results, so a cut result can be opened whole and the
 * vars tools work here too.
 */
export function createExecutorSession(): ExecutorSession {
  const variables = createVariableStore()
  const tools = createToolSession({
    registry: toolRegistryManager,
    caller: 'user',
    variables,
    config: { ...DEFAULT_TOOL_CALL_CONFIG, timeout: RUN_TIMEOUT_MS },
  })
  return { tools, variables }
}

/** What {@link useToolRun} returns. */
export interface ToolRunReturn {
  /** True while a call runs; one call at a time. */
  running: Ref<boolean>
  /** The running call's time so far, or the last result's duration. */
  elapsedMs: ComputedRef<number>
  lastResult: ShallowRef<ToolExecutionResult | null>
  /** What the running call last said of its progress (MCP servers report it). */
  progress: ShallowRef<CallProgress | null>
  /** The whole text of the last result when it came back cut, else null. */
  fullResult: ComputedRef<string | null>
  /** Runs `request`, asking `approve` about a call its tool wants approved; resolves to its result. */
  execute(request: ParsedRequest, approve?: Approver): Promise<ToolExecutionResult>
  /** Aborts the running call (its result says so); nothing when none runs. */
  cancel(): void
}

/** Runs calls in `session`; a call still running when the scope is disposed is aborted. */
export function useToolRun(session: ExecutorSession): ToolRunReturn {
  const running = ref(false)
  const startedAt = ref(0)
  const now = ref(0)
  const lastResult = shallowRef<ToolExecutionResult | null>(null)
  const { progress, report, reset } = useFrameProgress(() => running.value)
  let controller: AbortController | null = null
  let ticker: ReturnType<typeof setInterval> | null = null

  const elapsedMs = computed(() =>
    running.value ? Math.max(0, now.value - startedAt.value) : (lastResult.value?.durationMs ?? 0),
  )
  const fullResult = computed(() => {
    const name = lastResult.value?.truncation?.variable
    return name ? (session.variables.peek(name)?.value ?? null) : null
  })

  function stopClock(): void {
    if (ticker) clearInterval(ticker)
    ticker = null
  }

  async function execute(request: ParsedRequest, approve?: Approver): Promise<ToolExecutionResult> {
    controller = new AbortController()
    running.value = true
    startedAt.value = performance.now()
    now.value = startedAt.value
    ticker = setInterval(() => (now.value = performance.now()), TICK_MS)
    reset()
    try {
      const [result] = await session.tools.execute([request], {
        signal: controller.signal,
        confirm: approve,
        onCallProgress: report,
      })
      lastResult.value = result!
      return result!
    } finally {
      stopClock()
      controller = null
      running.value = false
    }
  }

  function cancel(): void {
    controller?.abort(new DOMException('cancelled by the user', 'AbortError'))
  }

  if (getCurrentScope())
    onScopeDispose(() => {
      cancel()
      stopClock()
    })
  return { running, elapsedMs, lastResult, progress, fullResult, execute, cancel }
}
