/**
 * A sampling request's conversation in the OpenAI chat-completions shape: the system prompt first,
 * then each message. Text stays text; an image becomes an `image_url` part and WAV or MP3 audio an
 * `input_audio` part (what vision and audio models take); anything else cannot be sent and is named,
 * message by message, so the refusal says exactly what stood in the way. Text goes as the dialog
 * shows it (samplingText): no invisible character reaches the model.
 */
import type { SamplingMessage, SamplingMessageContentBlock } from '@modelcontextprotocol/sdk/types.js'
import type { McpSamplingRequest } from './client-features'
import { withoutInvisible } from './server-text'

/** One part of a message's content, as chat-completions takes it. */
export type SamplingWirePart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } }

/** One chat-completions message: plain text, or parts when it carries an image or audio. */
export interface SamplingWireMessage {
  role: 'system' | 'user' | 'assistant'
  content: string | SamplingWirePart[]
}

/** The conversation to send, or each reason it cannot be sent (one sentence each). */
export type SamplingConversation = { ok: true; messages: SamplingWireMessage[] } | { ok: false; problems: string[] }

/** The audio types chat-completions takes, by MIME type. */
const AUDIO_FORMATS: Readonly<Record<string, 'wav' | 'mp3'>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
}

/** A message's content blocks: one block or a list, as the server sent it. */
export function contentBlocks(message: SamplingMessage): SamplingMessageContentBlock[] {
  return Array.isArray(message.content) ? message.content : [message.content]
}

/** One block as a part, or why it cannot be sent. */
function wirePart(block: SamplingMessageContentBlock, role: SamplingMessage['role']): SamplingWirePart | string {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: samplingText(block.text) }
    case 'image':
      // Chat-completions takes images from the user only.
      if (role !== 'user') return 'an image in an assistant message cannot be sent to a chat-completions model'
      return { type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data}` } }
    case 'audio': {
      const format = AUDIO_FORMATS[block.mimeType.toLowerCase()]
      if (!format) return `audio of type "${block.mimeType}" cannot be sent (chat-completions takes WAV or MP3)`
      if (role !== 'user') return 'audio in an assistant message cannot be sent to a chat-completions model'
      return { type: 'input_audio', input_audio: { data: block.data, format } }
    }
    case 'tool_use':
    case 'tool_result':
      return `a "${block.type}" block cannot be sent: this client does not offer tools in sampling`
    default:
      return `content of type "${(block as { type: string }).type}" cannot be sent`
  }
}

/** A message in the wire shape: a string when it is all text, else parts; or the reasons it cannot go. */
function wireMessage(message: SamplingMessage, position: number): SamplingWireMessage | string[] {
  const parts: SamplingWirePart[] = []
  const problems: string[] = []
  for (const block of contentBlocks(message)) {
    const part = wirePart(block, message.role)
    if (typeof part === 'string') problems.push(`Message ${position} (${message.role}): ${part}.`)
    else parts.push(part)
  }
  if (problems.length > 0) return problems
  const allText = parts.every((part) => part.type === 'text')
  const content = allText ? parts.map((part) => (part as { text: string }).text).join('\n\n') : parts
  return { role: message.role, content }
}

/**
 * The request's conversation for a chat-completions endpoint: the system prompt (when given) and
 * every message, in order. A request that asks for tools, or holds content a chat model cannot
 * take, is `{ ok: false }` with one sentence per obstacle; it never throws.
 */
export function samplingConversation(request: McpSamplingRequest): SamplingConversation {
  const problems: string[] = []
  if (request.tools && request.tools.length > 0)
    problems.push('The request offers the model tools; this client does not offer tools in sampling.')
  const messages: SamplingWireMessage[] = request.systemPrompt
    ? [{ role: 'system', content: samplingText(request.systemPrompt) }]
    : []
  request.messages.forEach((message, index) => {
    const wire = wireMessage(message, index + 1)
    if (Array.isArray(wire)) problems.push(...wire)
    else messages.push(wire)
  })
  if (request.messages.length === 0) problems.push('The request holds no message to answer.')
  return problems.length > 0 ? { ok: false, problems } : { ok: true, messages }
}

/**
 * The request with the text of message `index`'s text blocks replaced by `text` (the person edited
 * it before sending): the first text block takes the new text, the other text blocks are dropped,
 * images and audio are kept. An index out of range leaves the request as it was.
 */
export function withMessageText(request: McpSamplingRequest, index: number, text: string): McpSamplingRequest {
  const message = request.messages[index]
  if (!message) return request
  let placed = false
  const content: SamplingMessageContentBlock[] = []
  for (const block of contentBlocks(message)) {
    if (block.type !== 'text') content.push(block)
    else if (!placed) {
      content.push({ ...block, text })
      placed = true
    }
  }
  if (!placed) content.unshift({ type: 'text', text })
  const messages = request.messages.map((m, at) => (at === index ? { ...m, content } : m))
  return { ...request, messages }
}

/** The text of a message's text blocks, joined by blank lines (what the person edits). */
export function messageText(message: SamplingMessage): string {
  return contentBlocks(message)
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n\n')
}

/**
 * A request's text as the dialog shows it and the model gets it: one cleaning for both, so what is
 * approved is what is sent. Invisible characters (tag characters, direction overrides, zero-width
 * characters) are removed; invisibleInRequest says how many.
 */
export function samplingText(text: string): string {
  return withoutInvisible(text).text
}

/** How many invisible characters the system prompt and the text blocks hold (none is shown or sent). */
export function invisibleInRequest(request: McpSamplingRequest): number {
  let removed = request.systemPrompt ? withoutInvisible(request.systemPrompt).removed : 0
  for (const message of request.messages)
    for (const block of contentBlocks(message))
      if (block.type === 'text') removed += withoutInvisible(block.text).removed
  return removed
}
