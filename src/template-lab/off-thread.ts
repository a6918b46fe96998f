/**
 * Runs the Template view's jobs in two Web Workers, so the page never waits on a template: one
 * for what a person waits to see (the render, a diff, a config read), one for what may come a
 * moment later (message spans, the analysis). A newer job of a kind supersedes the one before it.
 * A worker that does not answer in time is ended and a new one started; where there are no
 * workers (component tests), or one cannot start, the jobs run on the page instead.
 */
import type { LabJob, LabResults } from './jobs'
import type { WorkerMessage } from './worker'

export type JobKind = LabJob['kind']
type JobOf<K extends JobKind> = Extract<LabJob, { kind: K }>

export type LabOutcome<T> =
  | { ok: true; value: T; /** Milliseconds from sending the job to its answer. */ roundTripMs: number }
  | { ok: false; reason: 'superseded' | 'unanswered' | 'disposed' }

export interface LabRunnerOptions {
  /**
   * How long a job may take before its worker is ended and started again.
   * @default 20_000
   */
  timeoutMs?: number
  /**
   * Run the jobs in workers; false runs them on the page.
   * @default true where the page has workers (not under Vitest)
   */
  workers?: boolean
}

export interface LabRunner {
  run<K extends JobKind>(job: JobOf<K>): Promise<LabOutcome<LabResults[K]>>
  /** Ends the workers; jobs still waiting resolve as `disposed`. */
  dispose(): void
}

interface Waiting {
  kind: JobKind
  job: LabJob
  sent: number
  resolve(outcome: LabOutcome<unknown>): void
}

const LANE_OF: Record<JobKind, 'front' | 'back'> = {
  render: 'front',
  diff: 'front',
  config: 'front',
  spans: 'back',
  analyse: 'back',
}

/** One worker and the jobs it was sent; on the page when it has none. */
class Lane {
  private worker: Worker | null = null
  private onPage: boolean
  private readonly waiting = new Map<number, Waiting>()
  private readonly cancelled = new Set<number>()
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly timeoutMs: number,
    workers: boolean,
  ) {
    this.onPage = !workers
  }

  send(id: number, waiting: Waiting): void {
    this.waiting.set(id, waiting)
    const worker = this.onPage ? null : this.start()
    if (worker) {
      worker.postMessage({ id, job: waiting.job } satisfies WorkerMessage)
      this.watch()
    } else void this.runOnPage(id, waiting.job)
  }

  cancel(id: number): void {
    const waiting = this.waiting.get(id)
    if (!waiting) return
    this.waiting.delete(id)
    waiting.resolve({ ok: false, reason: 'superseded' })
    if (this.worker) this.worker.postMessage({ id, cancel: true } satisfies WorkerMessage)
    else this.cancelled.add(id)
  }

  dispose(): void {
    this.worker?.terminate()
    this.worker = null
    if (this.timer) clearTimeout(this.timer)
    for (const waiting of this.waiting.values()) waiting.resolve({ ok: false, reason: 'disposed' })
    this.waiting.clear()
  }

  private start(): Worker | null {
    if (this.worker) return this.worker
    try {
      this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
    } catch {
      this.onPage = true
      return null
    }
    this.worker.onmessage = (event: MessageEvent<{ id: number; result: unknown }>) =>
      this.answer(event.data.id, event.data.result)
    this.worker.onerror = (event) => {
      event.preventDefault()
      // The worker cannot run here: what it was sent, and everything after, runs on the page.
      this.worker?.terminate()
      this.worker = null
      this.onPage = true
      for (const [id, waiting] of this.waiting) void this.runOnPage(id, waiting.job)
    }
    return this.worker
  }

  private answer(id: number, result: unknown): void {
    const waiting = this.waiting.get(id)
    if (!waiting) return
    this.waiting.delete(id)
    waiting.resolve({ ok: true, value: result, roundTripMs: performance.now() - waiting.sent })
    this.watch()
  }

  /** A deadline for the oldest job waiting: past it, the worker is ended and its jobs fail. */
  private watch(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const oldest = Math.min(...[...this.waiting.values()].map((waiting) => waiting.sent))
    if (!Number.isFinite(oldest) || !this.worker) return
    this.timer = setTimeout(() => this.giveUp(), Math.max(0, oldest + this.timeoutMs - performance.now()))
  }

  private giveUp(): void {
    this.worker?.terminate()
    this.worker = null
    for (const waiting of this.waiting.values()) waiting.resolve({ ok: false, reason: 'unanswered' })
    this.waiting.clear()
  }

  private async runOnPage(id: number, job: LabJob): Promise<void> {
    const { runJob } = await import('./jobs')
    const stopped = () =>
      new Promise<boolean>((resolve) => setTimeout(() => resolve(this.cancelled.has(id) || !this.waiting.has(id)), 0))
    if (!this.waiting.has(id)) return
    const result = await runJob(job, stopped)
    this.cancelled.delete(id)
    this.answer(id, result)
  }
}

/** A runner of the Template view's jobs; dispose it when the view goes. */
export function createLabRunner(options: LabRunnerOptions = {}): LabRunner {
  const { timeoutMs = 20_000, workers = typeof Worker !== 'undefined' && !import.meta.env.VITEST } = options
  const lanes = { front: new Lane(timeoutMs, workers), back: new Lane(timeoutMs, workers) }
  const latest = new Map<JobKind, number>()
  let counter = 0
  let disposed = false
  return {
    run<K extends JobKind>(job: JobOf<K>): Promise<LabOutcome<LabResults[K]>> {
      if (disposed) return Promise.resolve({ ok: false, reason: 'disposed' })
      const lane = lanes[LANE_OF[job.kind]]
      const before = latest.get(job.kind)
      if (before !== undefined) lane.cancel(before)
      const id = ++counter
      latest.set(job.kind, id)
      return new Promise((resolve) =>
        lane.send(id, {
          kind: job.kind,
          job,
          sent: performance.now(),
          resolve: (outcome) => {
            if (latest.get(job.kind) === id) latest.delete(job.kind)
            resolve(outcome as LabOutcome<LabResults[K]>)
          },
        }),
      )
    },
    dispose() {
      disposed = true
      lanes.front.dispose()
      lanes.back.dispose()
    },
  }
}
