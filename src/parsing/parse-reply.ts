/**
 * How the Parser pane reads a reply, here or in its worker: requests inside reasoning are kept
 * (their cards say they are not executed, and why); the model name and the registered tools are
 * hints that pick a model's format and type its values.
 */
import { parseToolRequests, type ParseResult } from '../core'

export interface ReplyHints {
  model?: string
  tools?: readonly unknown[]
}

export function parseReply(text: string, protocol: string, hints: ReplyHints = {}): ParseResult {
  return parseToolRequests(text, protocol, {
    reasoning: 'include',
    ...(hints.model ? { model: hints.model } : {}),
    ...(hints.tools ? { tools: hints.tools } : {}),
  })
}
