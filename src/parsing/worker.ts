/** The Parser pane's parsing, off the page's main thread (see off-thread.ts). */
import { parseReply, type ReplyHints } from './parse-reply'

export interface ParseJob {
  id: number
  text: string
  protocol: string
  hints: ReplyHints
}

self.onmessage = (event: MessageEvent<ParseJob>) => {
  const { id, text, protocol, hints } = event.data
  self.postMessage({ id, result: parseReply(text, protocol, hints) })
}
