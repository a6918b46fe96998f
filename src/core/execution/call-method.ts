/**
 * Calling one method under a timeout guard: the clock (stopped while the call waits for its turn),
 * the abort that a timeout or the run's own abort sends, and the one outcome the call resolves to,
 * even when the method never settles.
 */
import type { CallProgress } from '../types'
import type { Arguments } from './arguments'
import type { VariableStore } from '../results/variables'
import { DEFAULT_TIMEOUT_MS, type ExecuteOptions, type Outcome, type ToolCallContext } from './executor-types'
import { methodValueOutcome } from './call-output'
import { errorMessage } from './error-message'

/** A method as the executor calls it, with the tool as `this`. */
export type MethodFunction = (args: Arguments, context: ToolCallContext) => unknown

/** Who is calling: what the call's context tells the method, and the time already spent on it. */
export interface MethodCall {
  requestId: string
  routingName: string
  variables?: VariableStore
  onProgress?: (progress: CallProgress) => void
  /** Milliseconds the call used before it starts (checking its arguments); they count against its timeout. */
  spentMs?: number
}

/** Runs the method under a timeout that aborts it; resolves even if the method never does. */
export function callMethod(
  fn: MethodFunction,
  tool: object,
  args: Arguments,
  call: MethodCall,
  options: ExecuteOptions,
): Promise<Outcome> {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS
  // Time the call has already used before it starts (validating its arguments).
  const spent = call.spentMs ?? 0
  if (spent >= timeout)
    return Promise.resolve({
      status: 'timeout',
      result: `"${call.routingName}" timed out: checking its arguments took ${Math.round(spent)} ms, its whole ${timeout} ms; it was not called.`,
    })
  return new Promise<Outcome>((resolve) => {
    const guard = new GuardedCall(call.routingName, timeout, spent, options.signal, resolve)
    guard.run(fn, tool, args, callContext(guard, call))
  })
}

/** The context a method gets; its signal exists only once the method reads it. */
function callContext(guard: GuardedCall, call: MethodCall): ToolCallContext {
  return {
    get signal() {
      return guard.signal()
    },
    requestId: call.requestId,
    routingName: call.routingName,
    variables: call.variables,
    onProgress: call.onProgress,
    waitTurn: <T>(turn: Promise<T>): Promise<T> => guard.waitTurn(turn),
  }
}

/**
 * One running call: its timer, its abort, and its single outcome. The clock stops while the call
 * waits for its turn (waitTurn) and goes on with what is left.
 */
class GuardedCall {
  // Node's AbortController costs more than the rest of a call: made when the method asks.
  private controller: AbortController | null = null
  private abortReason: unknown
  private ended = false
  private settled = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private left: number
  private runningSince: number
  private waiting = 0
  private waited = 0
  private started = 0
  private readonly onTimeout = (): void => this.timeOut()
  private readonly onRunAbort = (): void => this.abortedByRun()

  constructor(
    private readonly routingName: string,
    private readonly timeout: number,
    private readonly spent: number,
    private readonly runSignal: AbortSignal | undefined,
    private readonly resolve: (outcome: Outcome) => void,
  ) {
    this.left = timeout - spent
    this.runningSince = now()
    this.timer = setTimeout(this.onTimeout, this.left)
    runSignal?.addEventListener('abort', this.onRunAbort, { once: true })
  }

  /** Calls the method and settles with what it returns or throws, unless the guard settled first. */
  run(fn: MethodFunction, tool: object, args: Arguments, context: ToolCallContext): void {
    // A method that works synchronously blocks the timer: its overrun is measured instead.
    this.started = now()
    let pending: unknown
    try {
      pending = fn.call(tool, args, context)
    } catch (error) {
      this.finish(this.failure(error))
      return
    }
    Promise.resolve(pending).then(
      (value) => this.finish(this.overran() ?? methodValueOutcome(this.routingName, tool, value, args)),
      (error: unknown) => this.finish(this.failure(error)),
    )
  }

  /** The call's abort signal, made on first use (aborted at once when the call already ended). */
  signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController()
      if (this.ended) this.controller.abort(this.abortReason)
    }
    return this.controller.signal
  }

  /** Waits for `turn` with the clock stopped; nested waits stop it once. */
  async waitTurn<T>(turn: Promise<T>): Promise<T> {
    if (this.waiting++ === 0 && !this.settled) {
      clearTimeout(this.timer)
      this.left -= now() - this.runningSince
      this.runningSince = now()
    }
    try {
      return await turn
    } finally {
      if (--this.waiting === 0 && !this.settled) {
        this.waited += now() - this.runningSince
        this.runningSince = now()
        this.timer = setTimeout(this.onTimeout, Math.max(0, this.left))
      }
    }
  }

  private finish(outcome: Outcome): void {
    if (this.settled) return
    this.settled = true
    clearTimeout(this.timer)
    this.runSignal?.removeEventListener('abort', this.onRunAbort)
    this.resolve(outcome)
  }

  private cancel(reason: unknown): void {
    this.ended = true
    this.abortReason = reason
    this.controller?.abort(reason)
  }

  private timeOut(): void {
    this.finish({
      status: 'timeout',
      result: `"${this.routingName}" timed out after ${this.timeout} ms; the call was aborted.`,
    })
    this.cancel(new DOMException(`timed out after ${this.timeout} ms`, 'TimeoutError'))
  }

  private abortedByRun(): void {
    this.finish({ status: 'aborted', result: `"${this.routingName}" was aborted while running.` })
    this.cancel(this.runSignal?.reason)
  }

  /** A timeout outcome when the method ran past the limit without yielding; null when it did not. */
  private overran(): Outcome | null {
    const took = now() - this.started - this.waited + this.spent
    if (took <= this.timeout) return null
    return {
      status: 'timeout',
      result: `"${this.routingName}" timed out: it ran for ${Math.round(took)} ms without yielding, past its ${this.timeout} ms; its result was dropped.`,
    }
  }

  private failure(error: unknown): Outcome {
    return (
      this.overran() ??
      (isTimeoutError(error)
        ? { status: 'timeout', result: `"${this.routingName}" timed out: ${errorMessage(error)}` }
        : { status: 'error', result: `"${this.routingName}" failed: ${errorMessage(error)}` })
    )
  }
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError'
}

/** Milliseconds on the monotonic clock. */
export function now(): number {
  return performance.now()
}
