/**
 * `vcp eval --endpoint`: the live lane run from the command line. Outcomes are appended to the
 * --out file as they are scored; a file kept from an earlier run is read first and the jobs it
 * holds are skipped, so a run that stopped goes on where it was. Failed requests are asked again.
 */
import {
  EVAL_CATEGORIES,
  jobKey,
  outcomeKey,
  readJsonLines,
  runLiveEval,
  type CaseOutcome,
  type EvalCase,
  type RawTemplate,
} from '../core/eval'
import { isRecord } from '../core/internal'
import type { LiveEvalOptions } from './eval-arguments'
import { createAppender, fileChunks, messageOf, type EvalIo, type WholeFileIo } from './eval-io'
import { createProgressReporter } from './eval-progress'
import { loadTemplate, RenderStop } from './render-input'
import type { TemplateDialect } from '../core/templates'

/** What the live lane needs of the CliIo. */
export type LiveIo = EvalIo & WholeFileIo & { err(line: string): void }

/** The outcomes of the run, those kept from before included; or a message when it could not run. */
export async function runLiveLane(
  options: LiveEvalOptions,
  cases: readonly EvalCase[],
  io: LiveIo,
): Promise<{ outcomes: CaseOutcome[] } | { error: string }> {
  let template: RawTemplate | undefined
  try {
    template = options.template === undefined ? undefined : await rawTemplate(options, io)
  } catch (error) {
    if (error instanceof RenderStop) return { error: error.message }
    throw error
  }
  const kept = options.out === undefined ? [] : await keptOutcomes(options, cases, io)
  const outcomes = [...kept]
  const append = options.out === undefined ? undefined : createAppender(io, options.out)
  const progress = createProgressReporter(io)
  const apiKey = options.apiKey ?? io.env?.VCP_API_KEY
  let writeFailure: string | undefined
  // A result that cannot be kept stops the run: going on would spend requests for nothing.
  const stop = new AbortController()
  try {
    await runLiveEval({
      cases,
      targets: [
        {
          label: options.model,
          endpoint: { baseUrl: options.endpoint, model: options.model, ...(apiKey ? { apiKey } : {}) },
          ...(template ? { template } : {}),
        },
      ],
      protocols: options.protocols,
      repeat: options.repeat,
      concurrency: options.concurrency,
      retries: options.retries,
      completed: new Set(kept.map(outcomeKey)),
      async onOutcome(outcome) {
        outcomes.push(outcome)
        if (!append || writeFailure !== undefined) return
        await append(JSON.stringify(outcome) + '\n').catch((error: unknown) => {
          writeFailure = `cannot write ${options.out}: ${messageOf(error)}`
          stop.abort()
        })
      },
      onProgress: (p) => progress.update(p),
      signal: stop.signal,
    })
  } finally {
    progress.finish()
  }
  return writeFailure === undefined ? { outcomes } : { error: writeFailure }
}

/**
 * The outcomes an earlier run kept in --out that belong to this run's jobs, one per job: a reply
 * wins over a failed request (which is asked again, so it is not kept). A missing file is a first
 * run; lines that are not outcomes are said and left out.
 */
async function keptOutcomes(options: LiveEvalOptions, cases: readonly EvalCase[], io: LiveIo): Promise<CaseOutcome[]> {
  const path = options.out as string
  const wanted = new Set<string>()
  for (const c of cases)
    for (const protocol of options.protocols)
      for (let r = 0; r < options.repeat; r++) wanted.add(jobKey(c.id, options.model, protocol, r))
  const byKey = new Map<string, CaseOutcome>()
  let elsewhere = 0
  try {
    for await (const line of readJsonLines(fileChunks(io, path))) {
      const outcome = 'value' in line ? keptOutcome(line.value) : undefined
      if (outcome === undefined) {
        io.err(`${path}: line ${line.line}: not an outcome of vcp eval; left out`)
        continue
      }
      const key = outcomeKey(outcome)
      if (!wanted.has(key)) elsewhere++
      else if (!outcome.errorType?.startsWith('request_error:') && !byKey.has(key)) byKey.set(key, outcome)
    }
  } catch {
    // No file yet: this is the first run.
    return []
  }
  if (elsewhere > 0)
    io.err(
      `${path}: ${elsewhere} kept outcomes are of another case, model, protocol or repeat; left out of this report`,
    )
  return [...byKey.values()]
}

/** A line of --out read back as an outcome, when it has the shape one has. */
function keptOutcome(value: unknown): CaseOutcome | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.valid !== 'boolean') return undefined
  if (!EVAL_CATEGORIES.some((c) => c === value.category)) return undefined
  const { compliance, usage } = value
  if (!isRecord(compliance) || typeof compliance.parsed !== 'boolean' || !Array.isArray(compliance.diagnostics))
    return undefined
  const lists = [value.errors, value.decoded, value.expectedNames, value.chosenNames]
  if (!lists.every(Array.isArray)) return undefined
  if (typeof value.model !== 'string' || typeof value.protocol !== 'string' || !Number.isInteger(value.repeat))
    return undefined
  if (value.errorType !== undefined && typeof value.errorType !== 'string') return undefined
  if (value.latencyMs !== undefined && typeof value.latencyMs !== 'number') return undefined
  if (usage !== undefined) {
    if (!isRecord(usage)) return undefined
    const counts = [usage.prompt_tokens, usage.completion_tokens, usage.total_tokens]
    if (!counts.every((n) => typeof n === 'number')) return undefined
  }
  return value as unknown as CaseOutcome
}

/**
 * The raw protocol's template: loaded as `vcp render` loads one, and the format its replies are read
 * in (--template-format, else inferred from the template, said on standard error).
 */
async function rawTemplate(options: LiveEvalOptions, io: LiveIo): Promise<RawTemplate> {
  const source = options.template as NonNullable<LiveEvalOptions['template']>
  // A template comes from a file or the catalog here, never from standard input.
  const files = { readFile: (path: string) => io.readFile(path), readStdin: () => Promise.resolve('') }
  const loaded = await loadTemplate(source, { templateName: undefined, withTools: true }, files)
  const specialTokens: Record<string, string> = {}
  for (const [name, value] of Object.entries(loaded.specialTokens))
    if (typeof value === 'string') specialTokens[name] = value
  let format = options.templateFormat ?? null
  let dialect: TemplateDialect | undefined
  if (format === null) {
    const { inferTemplateFormat } = await import('../core/templates')
    const inferred = inferTemplateFormat(loaded.text, { specialTokens, model: options.model })
    format = inferred.format
    // A template written for llama.cpp renders the prompts as it rendered the probes.
    if (inferred.dialect !== 'transformers') dialect = inferred.dialect
    io.err(
      `vcp eval: raw replies are read ${format === null ? 'with auto (no format found' : `as ${format} (inferred from ${loaded.label}, ${inferred.confidence} confidence`}): ${inferred.reason}`,
    )
  }
  return { text: loaded.text, format, specialTokens, label: loaded.label, ...(dialect ? { dialect } : {}) }
}
