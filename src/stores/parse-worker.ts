/** The Parser pane's parsing, off the page's main thread (see parse-off-thread.ts). */
import { parseReply } from './parse-reply'

export interface ParseJob {
  id: number
  text: string
  protocol: string
}

self.onmessage = (event: MessageEvent<ParseJob>) => {
  const { id, text, protocol } = event.data
  self.postMessage({ id, result: parseReply(text, protocol) })
}
