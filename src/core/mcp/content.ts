/**
 * An MCP tool result as the text a model reads: text as it is, images, audio and resources named
 * with their type and size (their bytes are not text), structured content as JSON.
 */
import { isRecord } from '../own-record'
import type { CallProgress } from '../types'
import { cleanServerText } from './server-text'

/** An MCP tool result read for a model and a UI. */
export interface McpResultText {
  /** The parts in order, joined by newlines; '' when the result has none. */
  text: string
  /** The server said the call failed (`isError: true`): the text is its message. */
  isError: boolean
  /** Images in the result, for a UI that shows them. */
  images: { mimeType: string; data: string }[]
}

/**
 * Reads a `tools/call` result of any shape: content parts as text (binary parts named with type and
 * size), `structuredContent` as JSON when there is no text part, the older `toolResult`. Never throws.
 */
export function mcpResultText(result: unknown): McpResultText {
  if (!isRecord(result)) return { text: JSON.stringify(result) ?? '', isError: false, images: [] }
  const parts: string[] = []
  const images: McpResultText['images'] = []
  const content = Array.isArray(result.content) ? result.content : []
  for (const item of content) {
    if (!isRecord(item)) continue
    parts.push(describe(item, images))
  }
  const hasText = content.some((item) => isRecord(item) && item.type === 'text')
  if (result.structuredContent !== undefined && !hasText) parts.push(JSON.stringify(result.structuredContent, null, 2))
  // The older result shape: `toolResult` instead of content.
  if (content.length === 0 && result.toolResult !== undefined)
    parts.push(typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult, null, 2))
  return { text: parts.join('\n'), isError: result.isError === true, images }
}

function describe(item: Record<string, unknown>, images: McpResultText['images']): string {
  const size = (data: unknown): string =>
    typeof data === 'string' ? `${Math.floor((data.length * 3) / 4).toLocaleString('en-US')} bytes` : 'no data'
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? item.text : ''
    case 'image':
      if (typeof item.data === 'string')
        images.push({ mimeType: String(item.mimeType ?? 'image/png'), data: item.data })
      return `[image ${String(item.mimeType ?? '')}, ${size(item.data)}]`
    case 'audio':
      return `[audio ${String(item.mimeType ?? '')}, ${size(item.data)}]`
    case 'resource_link':
      return `[resource link ${String(item.name ?? '')}: ${String(item.uri ?? '')}${item.mimeType ? ` (${String(item.mimeType)})` : ''}]`
    case 'resource': {
      const resource = isRecord(item.resource) ? item.resource : {}
      if (typeof resource.text === 'string') return `[resource ${String(resource.uri ?? '')}]\n${resource.text}`
      return `[resource ${String(resource.uri ?? '')}${resource.mimeType ? ` (${String(resource.mimeType)})` : ''}, ${size(resource.blob)}]`
    }
    default:
      return JSON.stringify(item)
  }
}

/**
 * A progress notification as the page may show it: finite numbers (progress at least 0, a total
 * above 0) and a one-line message cleaned of control and direction characters; null when it holds
 * no number to show.
 */
export function progressOf(raw: unknown): CallProgress | null {
  if (!isRecord(raw) || typeof raw.progress !== 'number' || !Number.isFinite(raw.progress)) return null
  const progress: CallProgress = { progress: Math.max(0, raw.progress) }
  if (typeof raw.total === 'number' && Number.isFinite(raw.total) && raw.total > 0) progress.total = raw.total
  if (typeof raw.message === 'string' && raw.message) progress.message = cleanServerText(raw.message).slice(0, 300)
  return progress
}
