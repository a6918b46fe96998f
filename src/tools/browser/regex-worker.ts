/** Runs one `text_regexTest` match off the page's main thread (see worker-regex.ts). */
import { matchLinear, type RegexArgs } from '../regex'

self.onmessage = (event: MessageEvent<RegexArgs>) => {
  try {
    self.postMessage({ ok: true, result: matchLinear(event.data) })
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) })
  }
}
