/** The Parser pane's parsing, off the page's main thread (see parse-off-thread.ts). */
import { parseToolRequests } from '../core'

export interface ParseJob {
  id: number
  text: string
  protocol: string
}

self.onmessage = (event: MessageEvent<ParseJob>) => {
  const { id, text, protocol } = event.data
  // Requests inside reasoning are kept: their cards say they are not executed, and why.
  self.postMessage({ id, result: parseToolRequests(text, protocol, { reasoning: 'include' }) })
}
