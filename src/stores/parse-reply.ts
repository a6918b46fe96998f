/** How the Parser pane reads a reply, here or in its worker: requests inside reasoning are kept (their cards say they are not executed, and why). */
import { parseToolRequests, type ParseResult } from '../core'

export function parseReply(text: string, protocol: string): ParseResult {
  return parseToolRequests(text, protocol, { reasoning: 'include' })
}
