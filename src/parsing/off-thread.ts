/**
 * Parses a reply in a Web Worker, so a long reply is read while the editor keeps taking keys (the
 * parse of a 200,000-character reply in every paradigm takes tens of milliseconds). Where there
 * are no workers (component tests), or the worker fails, it parses here instead. The worker knows
 * the built-in protocols; a reply in a protocol registered at run time is parsed here.
 */
import { listFormats, type ParseResult } from '../core'
import { parseReply, type ReplyHints } from './parse-reply'
import type { ParseJob } from './worker'

const BUILT_IN = new Set(['auto', ...listFormats().map((f) => f.id)])

let worker: Worker | null | undefined
let counter = 0
const waiting = new Map<
  number,
  { resolve(result: ParseResult): void; text: string; protocol: string; hints: ReplyHints }
>()

function parser(): Worker | null {
  if (worker !== undefined) return worker
  if (typeof Worker === 'undefined' || import.meta.env.VITEST) return (worker = null)
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return (worker = null)
  }
  worker.onmessage = (event: MessageEvent<{ id: number; result: ParseResult }>) => {
    waiting.get(event.data.id)?.resolve(event.data.result)
    waiting.delete(event.data.id)
  }
  worker.onerror = (event) => {
    event.preventDefault()
    // The worker is gone: what it was asked, and everything after, is parsed here.
    worker = null
    for (const job of waiting.values()) job.resolve(parseReply(job.text, job.protocol, job.hints))
    waiting.clear()
  }
  return worker
}

/**
 * Starts the worker ahead of the first parse, and has it read `text` once, so its module is loaded
 * and its parsers compiled before a long paste arrives.
 */
export function warmParser(text: string, protocol: string): void {
  if (BUILT_IN.has(protocol)) void parseOffThread(text, protocol)
}

export function parseOffThread(text: string, protocol: string, hints: ReplyHints = {}): Promise<ParseResult> {
  const target = BUILT_IN.has(protocol) ? parser() : null
  if (!target) return Promise.resolve(parseReply(text, protocol, hints))
  const id = ++counter
  return new Promise((resolve) => {
    waiting.set(id, { resolve, text, protocol, hints })
    target.postMessage({ id, text, protocol, hints } satisfies ParseJob)
  })
}
