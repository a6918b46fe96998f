import type { Diagnostic, ParsedRequest, ParseResult, ToolDefinitionInput, ToolExecutionResult } from '../types'
import type { RequestIdSession } from '../request-ids'

/** How a reply is parsed; every option is optional, and hints never make a parse fail. */
export interface ParseOptions {
  /**
   * Hands out request ids. Pass one session for a whole conversation so ids never repeat;
   * by default every parse starts a fresh session, which keeps parsing a pure function.
   */
  session?: RequestIdSession
  /**
   * Requests inside `<think>` / `<thinking>` are diagnosed and, with 'skip', left out of `requests`.
   * @default 'skip'
   */
  reasoning?: 'skip' | 'include'
  /**
   * Blocks inside Markdown code fences are requests unless this is 'skip'.
   * @default 'parse'
   */
  fencedBlocks?: 'parse' | 'skip'
  /**
   * The model that wrote the text, as a user names it (`Qwen/Qwen3-Coder-30B-A3B-Instruct`,
   * `gpt-oss-20b`): auto then reads the formats that model writes (docs/formats.md has the table).
   */
  model?: string
  /**
   * The tools the model was given, OpenAI-style (`{type: 'function', function: {name, parameters}}`),
   * bare (`{name, parameters}`) or MCP's (`{name, inputSchema}`): values written as text are typed
   * by their schema, bare ids resolve, and a name outside them is flagged.
   */
  tools?: readonly unknown[]
}

/** Events a streaming parser emits while text arrives. */
export type StreamEvent =
  | { type: 'block-open'; index: number; offset: number; inReasoning: boolean; fenced: boolean }
  | { type: 'field'; index: number; key: string; value: string; offset: number }
  | { type: 'block-close'; index: number; request: ParsedRequest; included: boolean }
  | { type: 'diagnostic'; diagnostic: Diagnostic }

/**
 * Parses text that arrives in pieces. Whatever the chunking, `end()` returns what the one-shot
 * parse of the whole text returns; the events are early news for showing requests as they stream.
 */
export interface StreamParser {
  /** Feeds the next piece of text; returns what became known because of it. */
  feed(chunk: string): StreamEvent[]
  /** Ends the text; returns exactly what the one-shot parse of the whole text returns. */
  end(): ParseResult
}

/** How `formatToolResults` writes results back for the model. */
export interface FormatResultsOptions {
  /**
   * Results longer than this are cut again, head and tail. By default nothing is cut here: the
   * executor has cut each result to its limit already (docs/large-results.md), and a block says so.
   * @default 0 (no cut)
   */
  maxResultChars?: number
}

/** A text paradigm for tool calling: how tools are described, requested and answered. */
export interface ToolCallingProtocol {
  readonly id: string
  /** Human-readable name for selectors. */
  readonly label: string
  generateToolDefinitions(input: ToolDefinitionInput[]): string
  parseToolRequests(text: string, options?: ParseOptions): ParseResult
  createStreamParser(options?: ParseOptions): StreamParser
  formatToolResults(results: ToolExecutionResult[], options?: FormatResultsOptions): string
}
