/**
 * A model's own tool-call format: the markup an open model writes when its chat template asks it
 * to call a tool (Mistral's `[TOOL_CALLS]`, Qwen3-Coder's `<function=...>`, gpt-oss's Harmony
 * channels, ...). A format only reads: it finds the calls in a reply and says what is wrong with
 * them. `createNativeProtocol()` turns it into requests, ids and a streaming parser.
 */
import type { DiagnosticSeverity } from '../../types'
import type { ToolHints } from './tool-hints'
import type { MessageParams } from '../../messages/types'

/** A finding with its place in the whole text. The adapter prefixes the format's label. */
export interface FormatProblem {
  severity: DiagnosticSeverity
  code: string
  message: string
  /** `message` as an id with parameters (from `say`), for other languages. */
  messageId?: string
  params?: MessageParams
  offset: number
  length: number
}

/** One call as the format read it. */
export interface FoundCall {
  /** The tool name as written, '' when there is none. */
  name: string
  /** The arguments object; null when they could not be read (the call is then invalid). */
  arguments: Record<string, unknown> | null
  /**
   * Where the name's text ends. While streaming, a name is shown only once text follows it (so a
   * name cut by a chunk is never shown half); without it, only once the arguments are read.
   */
  nameEnd?: number
  /** The arguments' JSON text, so a streaming card can show the fields that are complete so far. */
  argumentsSpan?: { start: number; end: number }
  /**
   * The call carried a marker of its own (Llama 3's `<|python_tag|>`) in a format that otherwise
   * has none: it counts without further evidence.
   */
  marked?: boolean
  /** An id the model wrote for the call (Mistral, Kimi, Command R7B), if any. */
  id?: string
  /** The call's span in the text, end exclusive. */
  start: number
  end: number
  /**
   * The call's end was seen: no later text can change it. A call cut off by the end of the text
   * is not closed; the streaming parser settles a card only for closed calls.
   */
  closed: boolean
  problems: FormatProblem[]
}

/** What `NativeFormat.parse` found in a text: the calls in text order, and problems outside any call. */
export interface FormatFinding {
  calls: FoundCall[]
  /** Findings that belong to no call (a section that is never closed, text between calls). */
  problems: FormatProblem[]
  /**
   * An offset before which everything is final and after which the text reads on its own (the
   * end of the last closed section or wrapper), so the streaming parser can put that part aside.
   * Leave it out when the format cannot say: streaming then re-reads from the first opener.
   */
  resumeAt?: number
}

/** What a native format is told about the text it reads, besides the text itself. */
export interface FormatContext {
  /** The tools the model was given, if the caller knows them: types values and resolves names. */
  tools: ToolHints
  /**
   * The caller says the text is in this format (it was chosen by id, or a model hint names it).
   * Without it a format with no delimiter of its own takes only calls of tools named in `tools`.
   */
  trusted: boolean
}

/** Command-line flags with which a server parses this format itself. */
export interface ServerFlags {
  vllm?: string
  sglang?: string
  llamaCpp?: string
}

/**
 * A model's own tool-call markup, read-only: it recognises its calls (`claims`), reads them with their
 * problems (`parse`, which never throws) and writes one call (`render`). Requests, ids and streaming
 * come from the adapter that wraps it.
 */
export interface NativeFormat {
  /** Stable id, kebab-case: what `parseToolRequests(text, id)` takes. */
  readonly id: string
  /** Short human name, the prefix of every diagnostic ("Qwen3-Coder"). */
  readonly label: string
  /** The family it is listed under: formats of one family share a reader. */
  readonly family: string
  /** Models that answer in it, as people name them. */
  readonly models: readonly string[]
  /** Literal strings that open its tool-call text. */
  readonly openers: readonly string[]
  /**
   * False for formats with no marker of their own (bare JSON, bare pythonic lists): auto takes them
   * only with evidence, a model hint or a call of a tool named in `tools`.
   */
  readonly delimited: boolean
  /**
   * The start of the text opens a call too (a template that ends its prompt with the opener, so
   * the reply starts right after it): the streaming parser then reads from the first character.
   */
  readonly opensAtTextStart?: boolean
  /**
   * The grammar's own pieces (markers, separators, typical names and values), from which the
   * property tests and `npm run fuzz` build hostile texts.
   */
  readonly pieces: readonly string[]
  /** A reply in this format with one call of `calc_evaluate`, for docs and `vcp formats`. */
  readonly example: string
  /** The inference servers' options that parse this format into `tool_calls`, where known. */
  readonly serverFlags?: ServerFlags
  /** Grammar notes for docs: how a call is written, its quirks. */
  readonly notes?: string
  /**
   * For auto: the opener at `at` starts a call in this format, judged by what follows it (a
   * bounded look, never a whole parse). Formats that share an opener must not both claim one place.
   */
  claims(text: string, at: number, opener: string, context: FormatContext): boolean
  /** Every call in the text. Linear in the text's length; never throws. */
  parse(text: string, context: FormatContext): FormatFinding
  /** One call written in this format (conversion, examples). */
  render(call: RenderableCall): string
}

/** One call to write in a native format: a routing name and typed arguments. */
export interface RenderableCall {
  toolName: string
  arguments: Record<string, unknown>
  /** Kept as the call's id where the format has ids and the id fits its syntax; otherwise left out or replaced. */
  requestId?: string
}
