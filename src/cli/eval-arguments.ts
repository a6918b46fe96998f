/**
 * `vcp eval`'s command line read: the suite, then either the offline lane's replies file or the
 * live lane's endpoint, and the reports to write. Options of one lane are refused in the other.
 */
import { listFormats, protocolRegistry } from '../core'
import { LIVE_PROTOCOLS, type EvalProtocol } from '../core/eval'
import { UsageError } from './arguments'
import type { TemplateSource } from './render-arguments'

/** The live lane's options. */
export interface LiveEvalOptions {
  endpoint: string
  model: string
  /** --api-key; the command falls back to VCP_API_KEY. */
  apiKey: string | undefined
  /** @default ['vcp', 'native'] */
  protocols: EvalProtocol[]
  /** @default 1 */
  repeat: number
  /** @default 4 */
  concurrency: number
  /** @default 2 */
  retries: number
  /** Where outcomes are kept as JSON lines (and read back to resume); none by default. */
  out: string | undefined
  /** The model's chat template, for the raw protocol: a file, or a vendored template's id. */
  template: TemplateSource | undefined
  /** The format the raw replies are read in; inferred from the template when not given. */
  templateFormat: string | undefined
}

/** A `vcp eval` command line, read. */
export interface EvalOptions {
  questions: string
  answers: string | undefined
  /** Exactly one lane: replies already captured, or an endpoint to ask. */
  lane:
    | { kind: 'offline'; replies: string; protocol: string; model: string | undefined }
    | ({ kind: 'live' } & LiveEvalOptions)
  json: string | undefined
  junit: string | undefined
  baseline: string | undefined
}

const VALUED = [
  '--answers',
  '--replies',
  '--protocol',
  '--model',
  '--endpoint',
  '--api-key',
  '--protocols',
  '--repeat',
  '--concurrency',
  '--retries',
  '--out',
  '--template',
  '--template-format',
  '--json',
  '--junit',
  '--baseline',
] as const
const OFFLINE_ONLY = ['--protocol']
const LIVE_ONLY = [
  '--api-key',
  '--protocols',
  '--repeat',
  '--concurrency',
  '--retries',
  '--out',
  '--template',
  '--template-format',
]

/** Reads `vcp eval`'s arguments (those after `eval`); throws UsageError saying what is wrong. */
export function readEvalArgs(args: readonly string[]): EvalOptions {
  const given = new Map<string, string>()
  const files: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (!arg.startsWith('--')) {
      files.push(arg)
      continue
    }
    if (!(VALUED as readonly string[]).includes(arg)) throw new UsageError(`unknown option ${arg}`)
    const value = args[++i]
    if (value === undefined) throw new UsageError(`${arg} needs a value`)
    if (given.has(arg)) throw new UsageError(`${arg} is given twice`)
    given.set(arg, value)
  }
  if (files.length !== 1)
    throw new UsageError(files.length === 0 ? 'no suite file given' : `takes one suite file, got ${files.length}`)
  return {
    questions: files[0] as string,
    answers: given.get('--answers'),
    lane: laneOf(given),
    json: given.get('--json'),
    junit: given.get('--junit'),
    baseline: given.get('--baseline'),
  }
}

function laneOf(given: ReadonlyMap<string, string>): EvalOptions['lane'] {
  const replies = given.get('--replies')
  const endpoint = given.get('--endpoint')
  if ((replies === undefined) === (endpoint === undefined))
    throw new UsageError('give either --replies FILE (offline) or --endpoint URL (live)')
  const refuse = (options: string[], lane: string) => {
    const wrong = options.find((option) => given.has(option))
    if (wrong) throw new UsageError(`${wrong} is for the ${lane}`)
  }
  if (replies !== undefined) {
    refuse(LIVE_ONLY, 'live lane (--endpoint)')
    return { kind: 'offline', replies, protocol: protocolOf(given.get('--protocol')), model: given.get('--model') }
  }
  refuse(OFFLINE_ONLY, 'offline lane (--replies)')
  const model = given.get('--model')
  if (model === undefined) throw new UsageError('--endpoint needs --model NAME')
  const protocols = protocolsOf(given.get('--protocols'))
  const template = templateOf(given.get('--template'))
  if (protocols.includes('raw') && template === undefined)
    throw new UsageError(
      "--protocols raw renders the prompt with the model's chat template: give --template FILE (.jinja or tokenizer_config.json) or a vendored id (vcp render --list)",
    )
  const templateFormat = given.get('--template-format')
  if (templateFormat !== undefined && protocolOf(templateFormat) === 'auto')
    throw new UsageError('--template-format needs a format id (vcp formats lists them)')
  return {
    kind: 'live',
    endpoint: endpoint as string,
    model,
    apiKey: given.get('--api-key'),
    protocols,
    repeat: wholeNumber(given, '--repeat', 1, 1),
    concurrency: wholeNumber(given, '--concurrency', 4, 1),
    retries: wholeNumber(given, '--retries', 2, 0),
    out: given.get('--out'),
    template,
    templateFormat,
  }
}

/** --template: a file (a path, or a name ending in .jinja or .json), else a vendored template's id. */
function templateOf(value: string | undefined): TemplateSource | undefined {
  if (value === undefined) return undefined
  return /[\\/]|\.(jinja2?|json)$/i.test(value) ? { kind: 'file', path: value } : { kind: 'vendored', id: value }
}

/** --protocol: auto, a protocol, or a model's native format. */
function protocolOf(value: string | undefined): string {
  if (value === undefined || value === 'auto') return 'auto'
  if (protocolRegistry.get(value) || listFormats().some((format) => format.id === value)) return value
  throw new UsageError(`unknown protocol "${value}" (vcp formats lists the formats)`)
}

/** --protocols: a comma list of the live lane's protocols, each once. */
function protocolsOf(value: string | undefined): EvalProtocol[] {
  if (value === undefined) return ['vcp', 'native']
  const names = value.split(',').map((name) => name.trim())
  const protocols: EvalProtocol[] = []
  for (const name of names) {
    const known = LIVE_PROTOCOLS.find((protocol) => protocol === name)
    if (!known) throw new UsageError(`--protocols: "${name}" is not one of ${LIVE_PROTOCOLS.join(', ')}`)
    if (!protocols.includes(known)) protocols.push(known)
  }
  return protocols
}

function wholeNumber(given: ReadonlyMap<string, string>, option: string, fallback: number, least: number): number {
  const value = given.get(option)
  if (value === undefined) return fallback
  const n = Number(value)
  if (value.trim() === '' || !Number.isInteger(n) || n < least)
    throw new UsageError(`${option} needs a whole number of at least ${least}, got "${value}"`)
  return n
}
