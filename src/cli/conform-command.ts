/**
 * `vcp conform`: the server conformance lab on the command line. Probes an OpenAI-compatible
 * endpoint (or checks a capture of an earlier run again, with no network), prints a report card,
 * writes the reports asked for, and exits with a status a CI step can use: 0 when no check fails,
 * 1 when one does, 2 for bad usage or a server that cannot be reached, 130 when stopped by Ctrl+C.
 */
import {
  exchangesFromJsonl,
  exchangesToJsonl,
  reportFromExchanges,
  reportToJson,
  reportToMarkdown,
  runConformance,
  summarize,
  type ConformanceReport,
} from '../core/conformance'
import { UsageError } from './arguments'
import { readConformArgs, type ConformOptions, type LiveConformOptions } from './conform-arguments'
import { reportLines } from './conform-output'
import { createConformProgressReporter } from './conform-progress'
import { messageOf } from './eval-io'
import type { CliIo } from './vcp'

/** The optional members of the CliIo that `vcp conform` uses beyond those of `vcp eval`. */
export interface ConformIo {
  /**
   * Calls `stop` when the person asks to stop (Ctrl+C) while a run is under way; returns what
   * stops listening. Without it a run cannot be stopped from outside. @default none
   */
  onInterrupt?(stop: () => void): () => void
  /** How requests are sent. @default the global fetch */
  fetch?: typeof fetch
}

/** The exit status of a run stopped by Ctrl+C: 128 + SIGINT, as a shell reports it. */
export const INTERRUPTED_STATUS = 130

/** The environment variable the key is read from when --api-key is not given (as `vcp eval`). */
export const API_KEY_VARIABLE = 'VCP_API_KEY'

/** A reason to stop with exit status 2, said on standard error in one line. */
class ConformStop extends Error {}

/** Runs `vcp conform` with its arguments (those after `conform`); resolves to the exit status. */
export async function runConformCommand(args: readonly string[], io: CliIo): Promise<number> {
  let options: ConformOptions
  try {
    options = readConformArgs(args)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`vcp conform: ${error.message} (vcp help shows the usage)`)
    return 2
  }
  try {
    return await conform(options, io)
  } catch (error) {
    if (!(error instanceof ConformStop)) throw error
    io.err(`vcp conform: ${error.message}`)
    return 2
  }
}

async function conform(options: ConformOptions, io: CliIo): Promise<number> {
  const { source } = options
  const report = source.kind === 'live' ? await probe(source, io) : await replay(source.capture, io)
  if (report.aborted) {
    io.err(`vcp conform: stopped after ${report.exchanges.length} requests; no report written`)
    return INTERRUPTED_STATUS
  }
  const summary = summarize(report)
  if (summary.unreachable) throw new ConformStop(unreachable(report))
  const capture = source.kind === 'live' ? source.capture : undefined
  if (capture !== undefined) await write(io, capture, exchangesToJsonl(report.exchanges))
  if (options.json !== undefined) await write(io, options.json, JSON.stringify(reportToJson(report), null, 2) + '\n')
  if (options.markdown !== undefined) await write(io, options.markdown, reportToMarkdown(report))
  // A report sent to standard output is all that goes there, so it can be piped.
  if (![capture, options.json, options.markdown].includes('-')) io.out(reportLines(report, summary).join('\n'))
  return summary.fail > 0 ? 1 : 0
}

async function probe(options: LiveConformOptions, io: CliIo): Promise<ConformanceReport> {
  const apiKey = options.apiKey ?? io.env?.[API_KEY_VARIABLE]
  const progress = createConformProgressReporter(io)
  const stop = new AbortController()
  const release = io.onInterrupt?.(() => stop.abort())
  try {
    return await runConformance(
      {
        baseUrl: options.endpoint,
        model: options.model,
        ...(apiKey ? { apiKey } : {}),
        ...(Object.keys(options.headers).length > 0 ? { headers: options.headers } : {}),
      },
      {
        ...(options.repeat !== undefined ? { repeat: options.repeat } : {}),
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(io.fetch ? { fetch: io.fetch } : {}),
        signal: stop.signal,
        onProgress: (p) => progress.update(p),
      },
    )
  } finally {
    release?.()
    progress.finish()
  }
}

/** The report of a capture read again; a capture with a bad line is refused, naming every bad line. */
async function replay(path: string, io: CliIo): Promise<ConformanceReport> {
  const text = await io.readFile(path).catch((error: unknown) => {
    throw new ConformStop(`cannot read ${path}: ${messageOf(error)}`)
  })
  const { exchanges, errors } = exchangesFromJsonl(text)
  if (errors.length > 0) throw new ConformStop(`${path} is not a capture of vcp conform: ${errors.join('; ')}`)
  const first = exchanges[0]
  if (first === undefined) throw new ConformStop(`${path} holds no exchange`)
  const model = first.request.body.model
  return reportFromExchanges(
    {
      baseUrl: first.request.url.replace(/\/chat\/completions$/, ''),
      model: typeof model === 'string' ? model : '(unknown model)',
    },
    exchanges,
  )
}

/** Why nothing answered, from the first exchange's error, said once. */
function unreachable(report: ConformanceReport): string {
  const first = report.exchanges[0]
  const url = first?.request.url ?? report.endpoint.baseUrl
  const why = (first?.error ?? 'no answer').replace(/\s+/g, ' ').trim()
  const said = `Could not connect to ${url}: `
  return `cannot reach ${url}: ${why.startsWith(said) ? why.slice(said.length) : why}`
}

async function write(io: CliIo, path: string, text: string): Promise<void> {
  if (path === '-') {
    io.out(text.replace(/\n$/, ''))
    return
  }
  await io.writeFile(path, text).catch((error: unknown) => {
    throw new ConformStop(`cannot write ${path}: ${messageOf(error)}`)
  })
}
