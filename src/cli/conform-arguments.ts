/**
 * `vcp conform`'s command line read: either an endpoint to probe (live) or a capture to check
 * again (replay, no network), and the reports to write. Options of one mode are refused in the other.
 */
import { UsageError } from './arguments'

/** The live mode's options. */
export interface LiveConformOptions {
  kind: 'live'
  /** The OpenAI-compatible base URL, e.g. `http://127.0.0.1:8000/v1`. */
  endpoint: string
  model: string
  /** --api-key; the command falls back to VCP_API_KEY. */
  apiKey: string | undefined
  /** --header 'Name: value', in the order given; a later one of the same name wins. */
  headers: Record<string, string>
  /** Each probe's repetitions; the core's default when not given. */
  repeat: number | undefined
  /** Requests in flight at once; the core's default when not given. */
  concurrency: number | undefined
  /** --timeout in milliseconds (given in seconds); the core's default when not given. */
  timeoutMs: number | undefined
  /** Where the exchanges are written as JSON Lines. */
  capture: string | undefined
}

/** A `vcp conform` command line, read. */
export interface ConformOptions {
  /** Exactly one source: an endpoint to probe, or a capture of an earlier run. */
  source: LiveConformOptions | { kind: 'replay'; capture: string }
  /** Where the JSON report goes; `-` is standard output. */
  json: string | undefined
  /** Where the Markdown report goes; `-` is standard output. */
  markdown: string | undefined
}

const VALUED = [
  '--endpoint',
  '--model',
  '--api-key',
  '--header',
  '--json',
  '--markdown',
  '--capture',
  '--repeat',
  '--concurrency',
  '--timeout',
  '--replay',
] as const
/** Options that may be given more than once. */
const REPEATABLE = ['--header']
const LIVE_ONLY = [
  '--endpoint',
  '--model',
  '--api-key',
  '--header',
  '--capture',
  '--repeat',
  '--concurrency',
  '--timeout',
]

/** Reads `vcp conform`'s arguments (those after `conform`); throws UsageError saying what is wrong. */
export function readConformArgs(args: readonly string[]): ConformOptions {
  const given = new Map<string, string[]>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (!arg.startsWith('--'))
      throw new UsageError(`takes no file, got "${arg}" (a capture is read with --replay FILE)`)
    if (!(VALUED as readonly string[]).includes(arg)) throw new UsageError(`unknown option ${arg}`)
    const value = args[++i]
    if (value === undefined) throw new UsageError(`${arg} needs a value`)
    const values = given.get(arg) ?? []
    if (values.length > 0 && !REPEATABLE.includes(arg)) throw new UsageError(`${arg} is given twice`)
    given.set(arg, [...values, value])
  }
  const one = (option: string) => given.get(option)?.[0]
  const options: ConformOptions = { source: sourceOf(given), json: one('--json'), markdown: one('--markdown') }
  const toStdout = ['--json', '--markdown', '--capture'].filter((option) => one(option) === '-')
  if (toStdout.length > 1)
    throw new UsageError(`only one report can go to standard output, not ${toStdout.join(' and ')}`)
  return options
}

function sourceOf(given: ReadonlyMap<string, string[]>): ConformOptions['source'] {
  const one = (option: string) => given.get(option)?.[0]
  const replay = one('--replay')
  const endpoint = one('--endpoint')
  if (replay !== undefined) {
    const wrong = LIVE_ONLY.find((option) => given.has(option))
    if (wrong) throw new UsageError(`${wrong} is for probing an endpoint; --replay checks a capture with no network`)
    return { kind: 'replay', capture: replay }
  }
  if (endpoint === undefined) throw new UsageError('give --endpoint URL --model NAME, or --replay CAPTURE')
  if (!/^https?:\/\/[^/]/i.test(endpoint))
    throw new UsageError(`--endpoint needs an http:// or https:// URL, got "${endpoint}"`)
  const model = one('--model')
  if (model === undefined || model.trim() === '') throw new UsageError('--endpoint needs --model NAME')
  const timeout = positiveNumber(one('--timeout'), '--timeout', false)
  return {
    kind: 'live',
    endpoint,
    model,
    apiKey: one('--api-key'),
    headers: headersOf(given.get('--header') ?? []),
    repeat: positiveNumber(one('--repeat'), '--repeat', true),
    concurrency: positiveNumber(one('--concurrency'), '--concurrency', true),
    timeoutMs: timeout === undefined ? undefined : Math.max(1, Math.round(timeout * 1000)),
    capture: one('--capture'),
  }
}

/** `Name: value` lines as headers; the name must be an HTTP token. */
function headersOf(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = colon < 0 ? '' : line.slice(0, colon).trim()
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header needs "Name: value", got "${line}"`)
    headers[name] = line.slice(colon + 1).trim()
  }
  return headers
}

/** A positive number (a whole one when `whole`), or undefined when the option is not given. */
function positiveNumber(value: string | undefined, option: string, whole: boolean): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  const ok = value.trim() !== '' && Number.isFinite(n) && n > 0 && (!whole || Number.isInteger(n))
  if (!ok)
    throw new UsageError(
      `${option} needs a ${whole ? 'whole number of at least 1' : 'positive number'}, got "${value}"`,
    )
  return n
}
