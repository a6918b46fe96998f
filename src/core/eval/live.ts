/**
 * The live lane: every case asked of every endpoint in every protocol, k times, a few requests at
 * a time. Each reply is scored as it arrives and handed to the caller to keep, so a run that stops
 * can go on later: jobs whose keys the caller already has are skipped.
 */
import { createOpenAIClient, type EndpointSettings } from '../chat/openai-client'
import { ChatRequestError } from '../chat/errors'
import { buildSystemPrompt } from '../chat/system-prompt'
import type { ChatMessage, Completion, CompletionRequest, ModelClient } from '../chat/types'
import { protocolRegistry } from '../protocols/registry'
import { evalToolset, type EvalToolset } from './functions'
import { scoreReply, unscorable } from './score'
import { runPool, retrying, type RetryOptions } from './live-pool'
import { createRawCompletionClient, type RawTemplate } from './raw-completion'
import type { CaseOutcome, EvalCase } from './types'

/**
 * How the tools are offered and the calls read: a text protocol, native function calling, or a raw
 * completion (the prompt rendered with the model's chat template, the text read in its format).
 */
export type EvalProtocol = 'vcp' | 'json' | 'xml' | 'hermes' | 'native' | 'raw'

/** The protocols the live lane can ask in with an endpoint alone. */
export const EVAL_PROTOCOLS: readonly EvalProtocol[] = ['vcp', 'json', 'xml', 'hermes', 'native']

/** Every protocol of the live lane: those above, and `raw`, which needs each target's chat template. */
export const LIVE_PROTOCOLS: readonly EvalProtocol[] = [...EVAL_PROTOCOLS, 'raw']

/** An endpoint and model to ask, with the name reports show for it. */
export interface LiveTarget {
  label: string
  endpoint: EndpointSettings
  /** The model's chat template, for the `raw` protocol. */
  template?: RawTemplate
}

/** Where a run stands. */
export interface LiveProgress {
  /** Jobs finished in this run (replies scored or requests given up on). */
  done: number
  /** Jobs of the whole run, skipped ones included. */
  total: number
  /** Jobs skipped because their results were already kept. */
  skipped: number
  /** Jobs whose request failed after every retry. */
  failedRequests: number
  elapsedMs: number
  /** Estimated time left, from this run's pace; absent before the first job is done. */
  etaMs?: number
}

/** What to run and how. */
export interface LiveRunOptions extends Partial<RetryOptions> {
  cases: readonly EvalCase[]
  targets: readonly LiveTarget[]
  protocols: readonly EvalProtocol[]
  /** How often each case is asked per target and protocol. @default 1 */
  repeat?: number
  /** Requests in flight at once. @default 4 */
  concurrency?: number
  /** Keys (`jobKey`) already done: skipped, so an interrupted run resumes. */
  completed?: ReadonlySet<string>
  /** Each outcome as it is scored; a run waits for it (to write it down) before counting the job done. */
  onOutcome(outcome: CaseOutcome): void | Promise<void>
  onProgress?(progress: LiveProgress): void
  signal?: AbortSignal
  /** How a target is reached. @default createOpenAIClient(target.endpoint) */
  clientFor?(target: LiveTarget): ModelClient
  /** How a target is reached in the raw protocol. @default createRawCompletionClient(target.endpoint, target.template) */
  rawClientFor?(target: LiveTarget, template: RawTemplate): ModelClient
  /** The date in the system prompt. @default today */
  today?: Date
  now?: () => number
}

/** The key of one job: the case, the target's label, the protocol and the repeat. */
export function jobKey(id: string, model: string, protocol: string, repeat: number): string {
  return JSON.stringify([id, model, protocol, repeat])
}

/** The key of a kept outcome of the live lane. */
export function outcomeKey(outcome: CaseOutcome): string {
  return jobKey(outcome.id, outcome.model ?? '', outcome.protocol ?? '', outcome.repeat ?? 0)
}

interface Job {
  testCase: EvalCase
  toolset: EvalToolset
  target: LiveTarget
  client: ModelClient
  protocol: EvalProtocol
  repeat: number
}

/** Runs the jobs; resolves when all are done or the signal stops the run (jobs in flight are dropped). */
export async function runLiveEval(
  options: LiveRunOptions,
): Promise<{ status: 'completed' | 'aborted'; progress: LiveProgress }> {
  const now = options.now ?? (() => Date.now())
  const started = now()
  const repeat = Math.max(1, Math.floor(options.repeat ?? 1))
  const clients = new Map(options.targets.map((t) => [t, options.clientFor?.(t) ?? createOpenAIClient(t.endpoint)]))
  const rawClients = new Map(options.targets.map((t) => [t, rawClient(t, options)]))
  const jobs: Job[] = []
  let skipped = 0
  for (const testCase of options.cases) {
    const toolset = evalToolset(testCase.functions)
    for (const target of options.targets)
      for (const protocol of options.protocols)
        for (let r = 0; r < repeat; r++) {
          if (options.completed?.has(jobKey(testCase.id, target.label, protocol, r))) skipped++
          else {
            const client = (protocol === 'raw' ? rawClients : clients).get(target) as ModelClient
            jobs.push({ testCase, toolset, target, client, protocol, repeat: r })
          }
        }
  }
  const progress: LiveProgress = { done: 0, total: jobs.length + skipped, skipped, failedRequests: 0, elapsedMs: 0 }
  const report = () => {
    progress.elapsedMs = now() - started
    const left = progress.total - progress.skipped - progress.done
    if (progress.done > 0) progress.etaMs = (progress.elapsedMs / progress.done) * left
    options.onProgress?.({ ...progress })
  }
  report()
  const retry: RetryOptions = {
    retries: options.retries ?? 2,
    backoffMs: options.backoffMs ?? 500,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  }
  const finished = await runPool(jobs, options.concurrency ?? 4, options.signal, async (job) => {
    const outcome = await askAndScore(job, retry, options, now)
    if (options.signal?.aborted) return
    if (outcome.errorType?.startsWith('request_error:')) progress.failedRequests++
    await options.onOutcome(outcome)
    progress.done++
    report()
  })
  return { status: finished ? 'completed' : 'aborted', progress: { ...progress, elapsedMs: now() - started } }
}

async function askAndScore(
  job: Job,
  retry: RetryOptions,
  options: LiveRunOptions,
  now: () => number,
): Promise<CaseOutcome> {
  const request = completionRequest(job, options.today ?? new Date())
  const where = { model: job.target.label, protocol: job.protocol, repeat: job.repeat }
  // The latency is the answered request's own: failed attempts and the pauses between them are the
  // run's retry policy, not the model's speed.
  let started = now()
  const attempt = () => {
    started = now()
    return job.client.complete(request, { signal: options.signal })
  }
  let completion: Completion
  try {
    completion = await retrying(attempt, retry, options.signal)
  } catch (error) {
    const kind = error instanceof ChatRequestError ? error.kind : 'unexpected'
    const message = error instanceof Error ? error.message : String(error)
    return {
      ...unscorable(job.testCase.id, message),
      category: job.testCase.category,
      errorType: `request_error:${kind}`,
      ...where,
    }
  }
  const latencyMs = now() - started
  const outcome =
    job.protocol === 'native'
      ? scoreReply(
          job.testCase,
          { content: completion.content, toolCalls: completion.toolCalls },
          { toolset: job.toolset },
        )
      : scoreReply(
          job.testCase,
          { result: completion.content },
          // A raw completion is read in the format its template asks for (auto when none was found).
          {
            toolset: job.toolset,
            protocol: job.protocol === 'raw' ? (job.target.template?.format ?? 'auto') : job.protocol,
          },
        )
  return {
    ...outcome,
    ...where,
    reply: completion.content,
    ...(completion.toolCalls.length > 0 ? { replyToolCalls: completion.toolCalls } : {}),
    ...(completion.usage ? { usage: completion.usage } : {}),
    latencyMs,
  }
}

/** The request for one job: the tools prompt of the protocol (or native tools) and the case's conversation. */
export function completionRequest(job: Pick<Job, 'testCase' | 'toolset' | 'protocol'>, today: Date): CompletionRequest {
  const own = job.testCase.messages.filter((m) => m.role === 'system').map((m) => m.content)
  const rest: ChatMessage[] = job.testCase.messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({ role: m.role, content: m.content }))
  if (job.protocol === 'native' || job.protocol === 'raw') {
    const system: ChatMessage[] = own.length > 0 ? [{ role: 'system', content: own.join('\n\n') }] : []
    return { messages: [...system, ...rest], tools: job.toolset.native }
  }
  const protocol = protocolRegistry.get(job.protocol)
  const toolsPrompt = protocol ? protocol.generateToolDefinitions(job.toolset.definitions) : ''
  const content = buildSystemPrompt({ agentPrompt: own.join('\n\n'), toolsPrompt, today })
  return { messages: [{ role: 'system', content }, ...rest] }
}

/** The raw protocol's client for a target; one that says why, when the target has no chat template. */
function rawClient(target: LiveTarget, options: LiveRunOptions): ModelClient {
  const { template } = target
  if (template) return options.rawClientFor?.(target, template) ?? createRawCompletionClient(target.endpoint, template)
  return {
    complete: () =>
      Promise.reject(
        new ChatRequestError(
          'malformed',
          `The raw protocol renders the prompt with the model's chat template, and ${target.label} has none: choose one for it.`,
        ),
      ),
  }
}
