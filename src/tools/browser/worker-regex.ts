/**
 * `text_regexTest` in the browser: each match runs in a Web Worker, so a long one never holds the
 * page, and the worker is terminated when the call is aborted (its timeout or Stop).
 */
import type { RegexMatches, RegexRunner } from '../regex'

type Answer = { ok: true; result: RegexMatches } | { ok: false; error: string }

/**
 * A regex runner that matches in a fresh Web Worker per call, terminated when the call ends. Rejects
 * with the worker's error, or on abort with the signal's reason.
 */
export function createWorkerRegexRunner(): RegexRunner {
  return (args, signal) =>
    new Promise<RegexMatches>((resolve, reject) => {
      const worker = new Worker(new URL('./regex-worker.ts', import.meta.url), { type: 'module' })
      const finish = (): void => {
        signal.removeEventListener('abort', onAbort)
        worker.terminate()
      }
      const onAbort = (): void => {
        finish()
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'))
      }
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      worker.onmessage = (event: MessageEvent<Answer>) => {
        finish()
        if (event.data.ok) resolve(event.data.result)
        else reject(new Error(event.data.error))
      }
      worker.onerror = (event) => {
        event.preventDefault()
        finish()
        reject(new Error(`the matching worker failed: ${event.message}`))
      }
      worker.postMessage(args)
    })
}
