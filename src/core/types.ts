/**
 * The data model shared by every layer; shapes may grow.
 * Plain TypeScript only: this file must stay importable from Node and the browser.
 */

import type { MessageParams, MessageRef } from './messages/types'

/** The type names of method parameters (JSON Schema's, plus `enum`). */
export type ParameterType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'enum'

/** One argument of a method. Maps one-to-one onto JSON Schema. */
export interface MethodParameter {
  name: string
  type: ParameterType
  description?: string
  /** @default true */
  required?: boolean
  defaultValue?: unknown
  enumValues?: string[]
  /**
   * Allowed values too many to list (an MCP enum past the choice limit): the type stays `string`,
   * a form searches them, a prompt never shows them.
   */
  searchableValues?: readonly string[]
  items?: MethodParameter
  properties?: MethodParameter[]
}

/**
 * One callable method of a tool, as discovery, the prompt, the planner and the forms see it.
 * Routed as `toolId_name`; runs as `tool[name](args, context)` unless the tool has `callMethod`.
 */
export interface MethodMetadata {
  /** The method's key on the tool object and the second half of its routing name. */
  name: string
  /** A label for people (searched in the tool list); the prompt uses `name`. */
  displayName?: string
  description: string
  parameters: MethodParameter[]
  /** What a call returns, shown in the tools prompt as `Returns: type - description`. */
  returns?: { type: string; description?: string }
  /** Example arguments as a JSON object, or free text shown to the model. */
  example?: string
  /** Only `true` methods can be called by a model. @default false */
  agentCallable?: boolean
  /** `vcpCommand`: the command name the VCP prompt shows; a request's `command` may use it or `name`. */
  protocolConfig?: { vcpCommand?: string }
  /** A display name (MCP tools have one besides their name). */
  title?: string
  /** Hints about what a call does (MCP's tool annotations). */
  annotations?: ToolAnnotations
  /** The arguments as JSON Schema, when the method came with one (MCP tools); `parameters` are read from it. */
  inputSchema?: Record<string, unknown>
  /** The structured result as JSON Schema, when declared. */
  outputSchema?: Record<string, unknown>
  /** Arguments the parameters do not name are passed on instead of refused. @default false */
  openArguments?: boolean
  /**
   * Checks the arguments as a whole once they are brought to their types (a JSON Schema
   * validator); each problem names the argument it is about by its JSON path (`/a`, `/items/0`).
   */
  validateArguments?(args: Record<string, unknown>): ArgumentProblem[]
  /** Set when the schema was too large to read whole: `parameters` and `inputSchema` hold what fits. */
  schemaCut?: SchemaCut
}

/**
 * What reading a large schema left out (an MCP tool past its budget): the form, Discovery's table
 * and the tools prompt show the parameters that fit, and arguments are written as JSON.
 */
export interface SchemaCut {
  /** Parameters the schema declares, nested ones included. */
  declared: number
  /** Parameters read from it. */
  shown: number
  /** The server's schema, whole, as JSON text: to download, never drawn. */
  wholeSchema(): string
}

/** What a schema check found wrong with one argument. */
export interface ArgumentProblem {
  /** JSON path of the value: `/depth`, `/items/0/name`; '' for the arguments object itself. */
  path: string
  message: string
}

/** MCP's tool annotations: hints, never guarantees. */
export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/** Progress a running call reports (MCP progress notifications). */
export interface CallProgress {
  progress: number
  total?: number
  message?: string
}

/**
 * A tool's answer about one planned call: let it run, refuse it (the reason goes to the model),
 * or have a person approve it first, even where calls of this tool run without asking.
 */
export type ToolPolicyAnswer = { allow: true } | { deny: string } | { ask: string }

/** One tool: a group of methods plus their metadata. */
export interface ToolRegistry {
  id: string
  name: string
  description?: string
  /** Where the tool comes from, for people: 'mcp' for an MCP server's tools. @default built in or registered by code */
  origin?: 'mcp'
  /**
   * For an MCP server's tool: a person connected the server in this page (a click), so its
   * methods' read-only claims may spare them the approval asked by default. @default false
   */
  connectedByPerson?: boolean
  getMetadata(): { methods: MethodMetadata[] }
  /**
   * Calls a method when its name cannot be a property of the tool (MCP tools are named by their
   * servers: a tool called `name` or `policy` must not clash). Without it, `tool[method]` is called.
   */
  callMethod?(
    method: string,
    args: Record<string, unknown>,
    context: {
      signal: AbortSignal
      requestId: string
      routingName: string
      onProgress?: (progress: CallProgress) => void
    },
  ): unknown
  /** Looks at a call before it runs, with its final arguments. None: every call is allowed. */
  policy?(call: {
    method: string
    args: Record<string, unknown>
  }): ToolPolicyAnswer | undefined | Promise<ToolPolicyAnswer | undefined>
  [method: string]: unknown
}

/** What discovery hands to a protocol to render a tools prompt. */
export interface ToolDefinitionInput {
  toolId: string
  toolName: string
  description?: string
  methods: MethodMetadata[]
}

/** How bad a diagnostic is: an `error` in a block makes its request invalid; the others never stop a call. */
export type DiagnosticSeverity = 'error' | 'warning' | 'info'

/** A finding about the parsed text, with a position a user can jump to. */
export interface Diagnostic {
  severity: DiagnosticSeverity
  /** Stable, kebab-case; documented in docs/vcp-grammar.md. */
  code: string
  /** The finding in English. */
  message: string
  /** `message` as an id with parameters, to render it in another language (see `renderMessage`). */
  messageId?: string
  params?: MessageParams
  /** Offset in the text (UTF-16 code units). */
  offset: number
  /** Length of the span the diagnostic is about (0 for a point). */
  length: number
  /** 1-based line. */
  line: number
  /** 1-based column, in UTF-16 code units. */
  column: number
}

/** One `key: value` pair as it appears in a request block. */
export interface ParsedField {
  key: string
  value: string
  /** Offset of the key. */
  offset: number
  /** Offsets of the raw value (before trimming), end exclusive. */
  valueStart: number
  valueEnd: number
  /** The value used an escaping form (`「始ESCAPE」`, `「始exp」`). */
  escaped: boolean
}

/** One item of a numbered batch (`command1`, `path1`, `command2`, ...). */
export interface BatchItem {
  index: number
  command: string
  args: Record<string, string>
}

/**
 * One tool request found in a model's text, valid or not, with its position and its own diagnostics.
 * Planning and execution start from this; the text is never changed.
 */
export interface ParsedRequest {
  /** The written `request_id` (made unique in the session), else the session's next id. */
  requestId: string
  /** The routing name as written: `toolId_methodName` or a tool id used with `command`; '' when missing. */
  toolName: string
  /** Every field except `tool_name` and `request_id`, values verbatim (trimmed). */
  args: Record<string, string>
  /** The block's text: `text.slice(start, end)`. */
  rawBlock: string
  /** False when an error makes the request non-executable (it is still shown). */
  valid: boolean
  /** Offsets of the block in the text, end exclusive. */
  start: number
  end: number
  /** Diagnostics that belong to this block. Field positions: see `requestFields()`. */
  diagnostics: Diagnostic[]
  /** The block sits inside `<think>` / `<thinking>` reasoning. */
  inReasoning: boolean
  /** The block sits inside a Markdown code fence. */
  fenced: boolean
  /**
   * The reply only quotes the block: in a blockquote, in inline code, or in a code fence where its
   * protocol does not write calls in fences. Unset for a block written as a call. See quoted-requests.ts.
   */
  quoted?: QuotedPlace
  /** Typed arguments for paradigms that carry JSON values. */
  arguments?: unknown
}

/** Where a reply only quotes a request instead of making it. */
export type QuotedPlace = 'blockquote' | 'inline-code' | 'code-fence'

/** What parsing a text gives: every request in text order and every diagnostic, sorted by offset. */
export interface ParseResult {
  requests: ParsedRequest[]
  /** All diagnostics, the requests' own included. */
  diagnostics: Diagnostic[]
  /** Auto only: the formats found (or expected from the model hint), each with why and how many requests. */
  detected?: DetectedFormatSummary[]
}

/** One format the `auto` parser found (or expected from the model hint), for showing why it parsed as it did. */
export interface DetectedFormatSummary {
  /** A protocol or native format id. */
  id: string
  label: string
  /** Why it was chosen, in words (the opener found, or the model hint). */
  reason: string
  /** `reason` as a message id with parameters, for a user interface in another language. */
  reasonRef?: MessageRef
  /** Where the deciding text is (0 for a model hint). */
  offset: number
  /** How many requests this format contributed. */
  requests: number
}

/**
 * How a call ended: `error` covers malformed, unknown and invalid requests and methods that threw;
 * `denied` covers refusals (not callable, switched off, a policy or a person said no, inside reasoning).
 */
export type ToolExecutionStatus = 'success' | 'error' | 'denied' | 'timeout' | 'aborted'

/** The outcome of one request: every request the executor is given ends in exactly one of these. */
export interface ToolExecutionResult {
  requestId: string
  /** The request's `toolName` as written. */
  toolName: string
  status: ToolExecutionStatus
  /** The text the model gets: the method's output (possibly cut), or why the call failed or did not run. */
  result: string
  durationMs: number
  /** The variable that holds the full result (when the run has a variable store); `…/args` holds the arguments. */
  variable?: string
  /** The result was cut: how much the model saw, and the variable with all of it. */
  truncation?: { keptChars: number; totalChars: number; resumeAt: number; variable?: string }
  /** Images the result holds (an MCP tool's image content), for a person to see; the model reads the text. */
  images?: ResultImage[]
}

/** An image of a result: base64 data of a PNG, JPEG, GIF or WebP. */
export interface ResultImage {
  mimeType: string
  data: string
}

/** One parse-and-execute round over a reply: the requests found and one result per request, in order. */
export interface ToolCallCycleResult {
  parsedRequests: ParsedRequest[]
  executionResults: ToolExecutionResult[]
  /** False when the text held no request (then both lists are empty). */
  hasToolRequests: boolean
}

/** How an agent calls tools; a plain serialisable object (saved with chats and agents). */
export interface ToolCallConfig {
  /** Off: no tools are offered to the model and no requests are read from its replies. */
  enabled: boolean
  /** 'manual': a person approves every call, like `requireConfirmation`. */
  mode: 'auto' | 'manual'
  /** On/off by tool id or by routing name (`toolId_method`); a method's entry wins over its tool's. */
  toolToggles: Record<string, boolean>
  /** Whether a tool with no entry in `toolToggles` is on. */
  defaultToolEnabled: boolean
  /** Tool rounds per run; after the last, the model is told to answer without tools. */
  maxIterations: number
  /** Per call, in milliseconds. @default 30000 */
  timeout: number
  /** Every call waits for a person's approval. */
  requireConfirmation: boolean
  /** The calls of one reply run at the same time instead of one after another. */
  parallelExecution: boolean
  /** A registered protocol id; 'vcp' first. */
  protocol: string
  /**
   * Calls in a Markdown code fence run like any other, for a model that fences every call. Off, a
   * fenced call waits for a person's approval: the model may only be showing it. @default false
   */
  runFencedCalls?: boolean
}

/** The configuration a new agent starts with (frozen: spread it, and copy `toolToggles`, to change it). */
export const DEFAULT_TOOL_CALL_CONFIG: Readonly<ToolCallConfig> = Object.freeze({
  enabled: true,
  mode: 'auto',
  toolToggles: {},
  defaultToolEnabled: true,
  maxIterations: 5,
  timeout: 30_000,
  requireConfirmation: false,
  parallelExecution: false,
  protocol: 'vcp',
})
