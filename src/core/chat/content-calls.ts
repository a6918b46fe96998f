/**
 * Native mode: tool-call markup the server left in a reply's `content`. When the server's tool
 * parser failed or was not enabled, `tool_calls` is empty and the model's own markup (Hermes
 * `<tool_call>`, Qwen3-Coder, Mistral, ...) arrives as text. Reading it back gives the calls the
 * server should have returned, and the server flag that would have parsed them.
 */
import { parseToolRequests } from '../parser'
import { isQuotation } from '../quoted-requests'
import { createRequestIdSession } from '../request-ids'
import { listFormats } from '../protocols/formats-catalog'
import type { ServerFlags } from '../protocols/native/format'
import type { ParsedRequest } from '../types'
import type { NativeToolCall, NativeToolDefinition } from './types'

/** One format the markup in a reply was written in, and the server flags that would have parsed it. */
export interface ContentCallFormat {
  /** A protocol or native format id (`hermes`, `qwen3-coder`, ...). */
  id: string
  label: string
  /** Known server options that parse this format into `tool_calls`. */
  serverFlags?: ServerFlags
}

/** Tool calls read from a reply's text, shaped as the `tool_calls` the server should have returned. */
export interface ContentToolCalls {
  /** The formats the calls were written in, in the order auto found them. */
  formats: ContentCallFormat[]
  /** The calls as the server would have returned them: ids, names, JSON arguments. */
  calls: NativeToolCall[]
  /** The text without the calls' markup: the content the server would have returned with them. */
  prose: string
}

/** What helps read markup in a reply's text; both are optional hints. */
export interface ContentCallHints {
  /** The endpoint's model name: auto then reads the formats that model writes. */
  model?: string
  /** The tools the request offered: values written as text are typed by their schema. */
  tools?: readonly NativeToolDefinition[]
}

/**
 * The tool calls written in a reply's text, or null when there are none. Only well-formed calls
 * outside reasoning, blockquotes and inline code count, so prose that merely names or quotes
 * `<tool_call>` finds nothing.
 */
export function findContentToolCalls(content: string, hints: ContentCallHints = {}): ContentToolCalls | null {
  if (!content.trim()) return null
  const parsed = parseToolRequests(content, 'auto', {
    model: hints.model,
    tools: hints.tools,
    session: createRequestIdSession('call'),
  })
  const requests = parsed.requests.filter(
    (request) => request.valid && !request.inReasoning && !isQuotation(request) && request.toolName !== '',
  )
  if (requests.length === 0) return null
  const flags = new Map(listFormats().map((format) => [format.id, format.serverFlags]))
  const formats = (parsed.detected ?? [])
    .filter((found) => found.requests > 0)
    .map((found): ContentCallFormat => {
      const serverFlags = flags.get(found.id)
      return serverFlags ? { id: found.id, label: found.label, serverFlags } : { id: found.id, label: found.label }
    })
  return { formats, calls: requests.map(asNativeCall), prose: withoutSpans(content, requests) }
}

function withoutSpans(text: string, requests: readonly ParsedRequest[]): string {
  let out = ''
  let at = 0
  for (const { start, end } of [...requests].sort((a, b) => a.start - b.start)) {
    if (start > at) out += text.slice(at, start)
    at = Math.max(at, end)
  }
  return (out + text.slice(at)).trim()
}

function asNativeCall(request: ParsedRequest): NativeToolCall {
  const typed = request.arguments
  const args = typed !== null && typeof typed === 'object' && !Array.isArray(typed) ? typed : request.args
  return {
    id: request.requestId,
    type: 'function',
    function: { name: request.toolName, arguments: JSON.stringify(args) },
  }
}

const SERVERS: readonly { key: keyof ServerFlags; name: string }[] = [
  { key: 'vllm', name: 'vLLM' },
  { key: 'sglang', name: 'SGLang' },
  { key: 'llamaCpp', name: 'llama.cpp' },
]

/**
 * What to start the server with so it parses these formats, e.g.
 * `vLLM: --enable-auto-tool-choice --tool-call-parser hermes; SGLang: --tool-call-parser qwen25`.
 * Empty when no flag is known.
 */
export function serverFlagsHint(formats: readonly ContentCallFormat[]): string {
  const withFlags = formats.filter(
    (format) => format.serverFlags && SERVERS.some(({ key }) => format.serverFlags?.[key]),
  )
  return withFlags
    .map((format) => {
      const flags = SERVERS.flatMap(({ key, name }) => {
        const flag = format.serverFlags?.[key]
        if (!flag) return []
        // vLLM reads tool calls only with auto tool choice on as well.
        const full =
          key === 'vllm' && flag.startsWith('--tool-call-parser') ? `--enable-auto-tool-choice ${flag}` : flag
        return [`${name}: ${full}`]
      }).join('; ')
      return withFlags.length > 1 ? `${format.label}: ${flags}` : flags
    })
    .join(' | ')
}
