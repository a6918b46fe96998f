/** Hints for numbered batches (`command1`, `command2`, ...): what runs, and numbers that look wrong. */
import { splitBatch } from '../batch'
import { say } from '../messages'
import type { ParsedRequest } from '../types'
import type { ReadingHint } from './types'

/** `commandN` written as a VCP field or a JSON key, so a mention inside a value does not count. */
const NUMBERED_COMMAND =
  /(?<![\p{L}\p{N}_-])(?:"(command(\d+))"\s*:|'(command(\d+))'\s*:|(command(\d+))\s*[:：]\s*(?:「始|\{始))/gu

interface WrittenKey {
  key: string
  number: number
  offset: number
}

function writtenCommands(request: ParsedRequest): WrittenKey[] {
  const found: WrittenKey[] = []
  for (const m of request.rawBlock.matchAll(NUMBERED_COMMAND)) {
    const key = m[1] ?? m[3] ?? m[5] ?? ''
    const digits = m[2] ?? m[4] ?? m[6] ?? ''
    found.push({ key, number: Number(digits), offset: request.start + (m.index ?? 0) + m[0].indexOf(key) })
  }
  return found
}

/** Numbers between the lowest (1, or 0 when used) and the highest that no item has. */
function missingNumbers(indexes: readonly number[]): number[] {
  const present = new Set(indexes)
  const last = Math.max(...indexes)
  const missing: number[] = []
  for (let n = present.has(0) ? 0 : 1; n <= last && missing.length < 20; n++) if (!present.has(n)) missing.push(n)
  return missing
}

/** The batch hints of one request: the batch itself, a gap in its numbers, each number written twice. */
export function batchHints(request: ParsedRequest): ReadingHint[] {
  const items = splitBatch(request.args)
  if (!items || items.length === 0) return []
  const at = { requestStart: request.start, offset: request.start, length: 0 }
  const first = items[0]!.index
  const last = items[items.length - 1]!.index
  const hints: ReadingHint[] = [
    {
      kind: 'batch',
      ...say('hint.batch', { count: items.length, first: `command${first}`, last: `command${last}` }),
      ...at,
    },
  ]
  const missing = missingNumbers(items.map((item) => item.index))
  if (missing.length > 0) {
    hints.push({ kind: 'batch-gap', ...say('hint.batch-gap', { missing: missing.join(', ') }), ...at })
  }
  const byNumber = new Map<number, WrittenKey[]>()
  for (const written of writtenCommands(request))
    byNumber.set(written.number, [...(byNumber.get(written.number) ?? []), written])
  for (const [number, keys] of byNumber) {
    if (keys.length < 2) continue
    const said = say('hint.batch-duplicate', { number, count: keys.length, keys: keys.map((k) => k.key).join(', ') })
    const second = keys[1]!
    hints.push({
      kind: 'batch-duplicate',
      ...said,
      requestStart: request.start,
      offset: second.offset,
      length: second.key.length,
    })
  }
  return hints
}
