/**
 * Calls written one after another: a Python list `[call, call, ...]`, or calls one per line (or
 * separated by `,` / `;`). Text that is no call is reported and skipped, never guessed at.
 */
import type { FormatContext, FormatProblem, FoundCall } from '../format'
import { say } from '../../../messages/say'
import { readPythonCall, type CallOptions } from './pythonic-reader'
import { closerOf, isSpace, short, skipSpaces, skipString, type LiteralOptions } from './pythonic-text'
import { saidProblem } from './said-problem'

/** Findings that read the same wherever they are found, made once and shared (a text may hold many). */
const LIST_EMPTY = say('native.pythonic.list-empty')
const LIST_UNCLOSED = say('native.pythonic.list-unclosed')

/** Calls read from a list or a block, with where the reading stopped. */
export interface SequenceReading {
  calls: FoundCall[]
  problems: FormatProblem[]
  /** After the list's `]` (or the last call); `limit` when the list never closes. */
  end: number
  /** The list's `]` was seen. */
  closed: boolean
}

/** The list `[call, call, ...]` whose `[` is at `open`. */
export function readCallList(
  text: string,
  open: number,
  limit: number,
  context: FormatContext,
  options: CallOptions = {},
): SequenceReading {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  let i = skipSpaces(text, open + 1, limit)
  for (;;) {
    if (i >= limit) return { calls, problems, end: limit, closed: false }
    const c = text.charCodeAt(i)
    if (c === 0x5d) {
      if (calls.length === 0) problems.push(saidProblem('info', 'empty-call-list', LIST_EMPTY, open, i + 1 - open))
      return { calls, problems, end: i + 1, closed: true }
    }
    const reading = readPythonCall(text, i, limit, context, options)
    let next: number
    if (reading) {
      calls.push(reading.call)
      next = reading.end
    } else {
      next = elementEnd(text, i, limit, options)
      problems.push(
        saidProblem(
          'error',
          'not-a-call',
          say('native.pythonic.list-item-not-call', { item: short(text.slice(i, next).trim()) }),
          i,
          next - i,
        ),
      )
    }
    i = skipSpaces(text, next, limit)
    if (i < limit && text.charCodeAt(i) === 0x2c) i = skipSpaces(text, i + 1, limit)
    else if (i < limit && text.charCodeAt(i) !== 0x5d) {
      const stop = elementEnd(text, i, limit, options)
      problems.push(
        saidProblem(
          'warning',
          'text-between-calls',
          say('native.pythonic.text-between-calls', { text: short(text.slice(i, stop).trim()) }),
          i,
          stop - i,
        ),
      )
      i = stop < limit && text.charCodeAt(stop) === 0x2c ? skipSpaces(text, stop + 1, limit) : stop
    }
  }
}

/** The end of a list element at `at`: the next `,` or `]` outside brackets and strings. */
function elementEnd(text: string, at: number, limit: number, options: LiteralOptions): number {
  let i = at
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x2c || c === 0x5d) return i
    if (c === 0x22 || c === 0x27) {
      const end = skipString(text, i, limit)
      if (end === -1) return limit
      i = end
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) {
      const end = closerOf(text, i, limit, options)
      if (end === -1) return limit
      i = end
    } else i++
  }
  return limit
}

/**
 * Calls in text[start, end) written one after another: a list, calls one per line (or separated by
 * `,` / `;`). Text that is no call is skipped to the end of its line, with a warning.
 */
export function readCallBlock(
  text: string,
  start: number,
  end: number,
  context: FormatContext,
  options: CallOptions = {},
): { calls: FoundCall[]; problems: FormatProblem[] } {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  let i = start
  for (;;) {
    while (i < end) {
      const c = text.charCodeAt(i)
      if (isSpace(c) || c === 0x2c || c === 0x3b) i++
      else break
    }
    if (i >= end) break
    if (text.charCodeAt(i) === 0x5b) {
      const list = readCallList(text, i, end, context, options)
      if (list.calls.length > 0 || list.closed) {
        calls.push(...list.calls)
        problems.push(...list.problems)
        if (!list.closed) problems.push(saidProblem('warning', 'unclosed-list', LIST_UNCLOSED, i, 1))
        i = list.end
        continue
      }
    }
    const reading = readPythonCall(text, i, end, context, options)
    if (reading) {
      calls.push(reading.call)
      i = reading.end
      continue
    }
    let stop = i
    while (stop < end && text.charCodeAt(stop) !== 0x0a) stop++
    const [s, e] = [i, trimEnd(text, i, stop)]
    problems.push(
      saidProblem(
        'warning',
        'text-between-calls',
        say('native.pythonic.text-not-call', { text: short(text.slice(s, e)) }),
        s,
        e - s,
      ),
    )
    i = stop
  }
  return { calls, problems }
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--
  return e
}
