/** Reading hints for a parsed reply: how its requests were read, where that may surprise. */
import type { ParseResult } from '../types'
import { batchHints } from './batch-hints'
import { swallowedHint } from './swallowed'
import type { ReadingHint } from './types'

/**
 * The hints for the requests of `result` (the parse of `text`), in request order: a broken block
 * that swallows later calls, a numbered batch with its gaps and duplicate numbers. Never throws.
 */
export function readingHints(text: string, result: ParseResult): ReadingHint[] {
  try {
    return result.requests.flatMap((request) => {
      const swallowed = swallowedHint(text, request)
      return [...(swallowed ? [swallowed] : []), ...batchHints(request)]
    })
  } catch {
    return []
  }
}
