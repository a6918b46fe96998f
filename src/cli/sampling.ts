/**
 * How the command line answers an MCP server's `sampling/createMessage`. With
 * `--sampling-endpoint URL --sampling-model NAME` the model answers at once, with no one asked
 * (the key comes from VCP_SAMPLING_API_KEY); without them sampling is still declared, so servers
 * offer the same tools as in the browser, and every request is refused with how to answer it.
 * Each request is one `sampling:` line on standard error.
 */
import {
  sampleWithModel,
  SamplingRefusal,
  type McpClientHandlers,
  type McpRequestContext,
  type McpSamplingRequest,
} from '../core/mcp'

/** The two options, as given. */
export interface SamplingFlags {
  /** An OpenAI-compatible base URL (`http://127.0.0.1:11434/v1`). */
  endpoint?: string
  model?: string
}

/** The options every command that connects MCP servers takes. */
export const SAMPLING_OPTIONS = ['--sampling-endpoint', '--sampling-model'] as const

/** The environment variable the endpoint's API key is read from. */
export const SAMPLING_KEY_VARIABLE = 'VCP_SAMPLING_API_KEY'

/** What the handlers need of the command's outside world. */
export interface SamplingIo {
  err(line: string): void
  env?: Readonly<Record<string, string | undefined>>
  /** @default the global fetch */
  fetchImpl?: typeof fetch
}

/** Why the flags cannot be used (one given without the other), or undefined when they can. */
export function samplingFlagsProblem(flags: SamplingFlags): string | undefined {
  if (flags.endpoint !== undefined && flags.model === undefined)
    return '--sampling-endpoint needs --sampling-model NAME (the model that answers)'
  if (flags.model !== undefined && flags.endpoint === undefined)
    return '--sampling-model needs --sampling-endpoint URL (where the model is)'
  return undefined
}

/**
 * The sampling options taken out of a command line: the rest of it, and the flags; or a sentence
 * saying what is wrong (an option without its value, one without the other). Never throws.
 */
export function readSamplingArguments(
  args: readonly string[],
): { rest: string[]; flags: SamplingFlags } | { error: string } {
  const rest: string[] = []
  const flags: SamplingFlags = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg !== '--sampling-endpoint' && arg !== '--sampling-model') {
      rest.push(arg)
      continue
    }
    const value = args[++i]
    if (value === undefined) return { error: `${arg} needs a value` }
    flags[arg === '--sampling-endpoint' ? 'endpoint' : 'model'] = value
  }
  const problem = samplingFlagsProblem(flags)
  return problem ? { error: problem } : { rest, flags }
}

/** The sentence a server reads when the command line was given no model to answer with. */
export function notConfiguredMessage(server: string): string {
  return `MCP server "${server}" asked for a completion; start vcp with --sampling-endpoint URL --sampling-model NAME to answer it`
}

/** "1 message, at most 100 tokens": what was asked, for the `sampling:` line. */
function askedFor(request: McpSamplingRequest): string {
  const count = request.messages.length
  return `${count} message${count === 1 ? '' : 's'}, at most ${request.maxTokens} tokens`
}

/**
 * The handlers for these flags: sampling answered by the model (no approval) or refused with the
 * way to answer it. Every request prints `sampling: "server" asked for ...; <outcome>` to stderr.
 */
export function samplingHandlers(flags: SamplingFlags, io: SamplingIo): McpClientHandlers {
  const { endpoint, model } = flags
  const apiKey = io.env?.[SAMPLING_KEY_VARIABLE] || undefined
  async function sampling(request: McpSamplingRequest, context: McpRequestContext) {
    const asked = `sampling: "${context.server}" asked for a completion (${askedFor(request)})`
    try {
      if (endpoint === undefined || model === undefined)
        throw new SamplingRefusal('not-configured', notConfiguredMessage(context.server))
      const result = await sampleWithModel(
        request,
        { baseUrl: endpoint, model, ...(apiKey ? { apiKey } : {}) },
        { signal: context.signal, ...(io.fetchImpl ? { fetchImpl: io.fetchImpl } : {}) },
      )
      const text = result.content.type === 'text' ? result.content.text : ''
      io.err(`${asked}; ${model} answered (${text.length} characters, ${result.stopReason ?? 'endTurn'})`)
      return result
    } catch (error) {
      io.err(`${asked}; refused: ${error instanceof Error ? error.message : String(error)}`)
      throw error
    }
  }
  return { sampling }
}

/**
 * For a command that reads its own arguments: the sampling options taken out, and the handlers
 * they make; or a sentence saying what is wrong with them (see readSamplingArguments).
 */
export function samplingHandlersFromArguments(
  args: readonly string[],
  io: SamplingIo,
): { rest: string[]; handlers: McpClientHandlers } | { error: string } {
  const read = readSamplingArguments(args)
  if ('error' in read) return read
  return { rest: read.rest, handlers: samplingHandlers(read.flags, io) }
}
