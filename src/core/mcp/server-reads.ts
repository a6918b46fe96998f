/**
 * Asking a server for one of its offers: a prompt filled with arguments, a resource's contents,
 * subscribing to a resource's updates. Results are read into plain shapes (text, JSON, images and
 * other bytes told apart; text without invisible characters), and each failure is an Error that
 * names the server and what was asked.
 */
import type { McpToolSource } from './source'
import { connectedClient, type McpRequestOptions } from './server-offer'
import { messageOf } from './source-state'
import { isRecord } from '../own-record'
import { withoutInvisible } from './server-text'

/** One part of a prompt message: text, or something else named by type (its raw content kept). */
export interface McpPromptPart {
  type: string
  /** The text of a text part, or of an embedded text resource. */
  text?: string
  /** A resource's URI (links and embedded resources). */
  uri?: string
  mimeType?: string
  /** Base64 bytes of an image or audio part (shown, not sent as text). */
  data?: string
}

/** One message of a prompt. */
export interface McpPromptMessage {
  role: 'user' | 'assistant'
  parts: McpPromptPart[]
}

/** What `prompts/get` answered. */
export interface McpPromptResult {
  description?: string
  messages: McpPromptMessage[]
  /** How many invisible characters were removed from its texts, when any were. */
  invisibleRemoved?: number
}

/** One content of a resource, told apart by what a person can do with it. */
export interface McpResourceContent {
  uri: string
  mimeType?: string
  /** text: shown as text; json: text that parses as JSON; image: shown; binary: downloaded. */
  kind: 'text' | 'json' | 'image' | 'binary'
  /** The text of text and JSON contents. */
  text?: string
  /** The base64 bytes of images and binary contents. */
  base64?: string
  /** The number of bytes (binary contents) or characters (text). */
  size: number
  /** How many invisible characters were removed from its text, when any were. */
  invisibleRemoved?: number
}

const request = (options: McpRequestOptions) => ({ timeout: options.timeoutMs ?? 20_000, signal: options.signal })

/** `prompts/get` with the arguments (strings, as MCP has them). */
export async function getPrompt(
  source: McpToolSource,
  name: string,
  args: Readonly<Record<string, string>>,
  options: McpRequestOptions = {},
): Promise<McpPromptResult> {
  const client = connectedClient(source)
  try {
    const answer = await client.getPrompt({ name, arguments: { ...args } }, request(options))
    return promptResult(answer)
  } catch (problem) {
    throw new Error(`Getting the prompt "${name}" of "${source.config.name}" failed: ${messageOf(problem)}`)
  }
}

/**
 * What `prompts/get` answered, as shown and as inserted into the chat: its texts without invisible
 * characters (counted in `invisibleRemoved`), so what a person reads is what the model gets.
 */
export function promptResult(answer: {
  description?: unknown
  messages: { role: string; content: unknown }[]
}): McpPromptResult {
  const counter = { removed: 0 }
  const result: McpPromptResult = {
    description: typeof answer.description === 'string' ? visible(answer.description, counter) : undefined,
    messages: answer.messages.map((message) => ({
      role: message.role === 'assistant' ? 'assistant' : 'user',
      parts: [promptPart(message.content, counter)],
    })),
  }
  return counter.removed > 0 ? { ...result, invisibleRemoved: counter.removed } : result
}

/** `text` without its invisible characters, adding how many there were to `counter`. */
function visible(text: string, counter: { removed: number }): string {
  const clean = withoutInvisible(text)
  counter.removed += clean.removed
  return clean.text
}

function promptPart(content: unknown, counter: { removed: number }): McpPromptPart {
  if (!isRecord(content)) return { type: 'unknown' }
  const type = typeof content.type === 'string' ? content.type : 'unknown'
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const shown = (value: unknown) => (typeof value === 'string' ? visible(value, counter) : undefined)
  if (type === 'resource' && isRecord(content.resource)) {
    const { resource } = content
    return { type, uri: text(resource.uri), mimeType: text(resource.mimeType), text: shown(resource.text) }
  }
  return {
    type,
    text: shown(content.text),
    uri: text(content.uri),
    mimeType: text(content.mimeType),
    data: text(content.data),
  }
}

/** `resources/read`: every content the server answered, read by kind. */
export async function readResource(
  source: McpToolSource,
  uri: string,
  options: McpRequestOptions = {},
): Promise<McpResourceContent[]> {
  const client = connectedClient(source)
  try {
    const answer = await client.readResource({ uri }, request(options))
    return answer.contents.map(resourceContent)
  } catch (problem) {
    throw new Error(`Reading ${uri} from "${source.config.name}" failed: ${messageOf(problem)}`)
  }
}

/** A content as a person uses it: JSON told from text by its type or its shape, images from other bytes. */
export function resourceContent(raw: {
  uri: string
  mimeType?: string
  text?: unknown
  blob?: unknown
}): McpResourceContent {
  const mimeType = typeof raw.mimeType === 'string' ? raw.mimeType : undefined
  if (typeof raw.text === 'string') {
    // Shown and inserted into the chat as one text: without the characters that would hide a part of it.
    const { text, removed } = withoutInvisible(raw.text)
    const json = /[/+]json\b/i.test(mimeType ?? '') || looksLikeJson(text)
    const kind = json ? 'json' : 'text'
    return {
      uri: raw.uri,
      mimeType,
      kind,
      text,
      size: text.length,
      ...(removed > 0 ? { invisibleRemoved: removed } : {}),
    }
  }
  const base64 = typeof raw.blob === 'string' ? raw.blob : ''
  const size = Math.floor((base64.replace(/=+$/, '').length * 3) / 4)
  return { uri: raw.uri, mimeType, kind: /^image\//i.test(mimeType ?? '') ? 'image' : 'binary', base64, size }
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim()
  if (!/^[[{]/.test(trimmed) || trimmed.length > 4_000_000) return false
  try {
    JSON.parse(trimmed)
    return true
  } catch {
    return false
  }
}

/** `resources/subscribe`: the server then sends `notifications/resources/updated` for the URI. */
export async function subscribeResource(
  source: McpToolSource,
  uri: string,
  options: McpRequestOptions = {},
): Promise<void> {
  try {
    await connectedClient(source).subscribeResource({ uri }, request(options))
  } catch (problem) {
    throw new Error(`Subscribing to ${uri} on "${source.config.name}" failed: ${messageOf(problem)}`)
  }
}

/** `resources/unsubscribe`. */
export async function unsubscribeResource(
  source: McpToolSource,
  uri: string,
  options: McpRequestOptions = {},
): Promise<void> {
  try {
    await connectedClient(source).unsubscribeResource({ uri }, request(options))
  } catch (problem) {
    throw new Error(`Unsubscribing from ${uri} on "${source.config.name}" failed: ${messageOf(problem)}`)
  }
}

/** A prompt as the text of one chat message: a lone message's text, else each message under its role. */
export function promptAsText(result: McpPromptResult): string {
  const texts = result.messages.map((message) => message.parts.map(partText).join('\n'))
  if (result.messages.length === 1) return texts[0] ?? ''
  return result.messages.map((message, n) => `${message.role}:\n${texts[n]}`).join('\n\n')
}

function partText(part: McpPromptPart): string {
  if (part.type === 'text') return part.text ?? ''
  if (part.type === 'resource')
    return part.text !== undefined ? `[resource ${part.uri ?? ''}]\n${part.text}` : `[resource ${part.uri ?? ''}]`
  if (part.type === 'resource_link') return `[resource link ${part.uri ?? ''}]`
  return `[${part.type}${part.mimeType ? ` ${part.mimeType}` : ''}]`
}

/** A resource's contents as the text of a chat message: text as it is, bytes named with type and size. */
export function resourceAsText(contents: readonly McpResourceContent[]): string {
  return contents
    .map((content) =>
      content.text !== undefined
        ? `[resource ${content.uri}]\n${content.text}`
        : `[resource ${content.uri} (${content.mimeType ?? 'bytes'}), ${content.size.toLocaleString('en-US')} bytes]`,
    )
    .join('\n\n')
}
