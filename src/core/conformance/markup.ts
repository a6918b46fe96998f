/**
 * Tool-call markup in a text (content a server should have turned into `tool_calls`, or reasoning
 * that swallowed a call), found by the workbench's own readers: the 34 native formats and the four
 * text protocols. Only calls of the tools offered count, outside quotes and code spans, so prose
 * that mentions a tool or shows an example is not markup.
 */
import { parseToolRequests } from '../parser'

export interface MarkupCall {
  name: string
  /** The format's label (`Hermes`, `Llama 3 JSON`...). */
  format: string
  start: number
  end: number
}

export function findMarkupCalls(text: string, tools: readonly unknown[]): MarkupCall[] {
  const names = new Set(toolNames(tools))
  if (text.trim() === '' || names.size === 0) return []
  // Tool names are the one thing every format writes; a text without any holds no call of them.
  if (![...names].some((name) => text.includes(name))) return []
  const result = parseToolRequests(text, 'auto', { tools, reasoning: 'include' })
  const formats = (result.detected ?? []).filter((format) => format.requests > 0)
  return result.requests
    .filter((request) => request.quoted === undefined && names.has(request.toolName))
    .map((request) => ({
      name: request.toolName,
      format: formatAt(formats, request.start),
      start: request.start,
      end: request.end,
    }))
}

/** The tool names of an OpenAI `tools` list. */
export function toolNames(tools: readonly unknown[]): string[] {
  const names: string[] = []
  for (const tool of tools) {
    const fn = typeof tool === 'object' && tool !== null ? (tool as { function?: unknown }).function : undefined
    const name = typeof fn === 'object' && fn !== null ? (fn as { name?: unknown }).name : undefined
    if (typeof name === 'string' && name !== '') names.push(name)
  }
  return names
}

/** The label of the format whose first request is nearest before `offset`. */
function formatAt(formats: readonly { label: string; offset: number }[], offset: number): string {
  let best: { label: string; offset: number } | undefined
  for (const format of formats) if (format.offset <= offset && (!best || format.offset > best.offset)) best = format
  return (best ?? formats[0])?.label ?? 'tool-call markup'
}
