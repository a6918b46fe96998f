/**
 * The collection file: saved calls (a name, a method, its arguments) in named groups, as the
 * Executor exports them and `vcp exec --collection` reads them. One collection is
 * `{"format": "vcp-workbench.collection", "version": 1, "name", "calls": [...]}`; several are
 * `{"format": "vcp-workbench.collections", "version": 1, "collections": [{"name", "calls"}]}`.
 * A file comes from anywhere: reading it never throws, and every bad entry is named with its index.
 */
import { isRecord } from '../own-record'
import { ref, say, type SaidMessage } from '../messages/say'
import type { MessageRef } from '../messages/types'
import { MAX_ARGUMENT_DEPTH, nestsDeeperThan } from './depth'

/** The `format` of a file holding one collection. */
export const COLLECTION_FORMAT = 'vcp-workbench.collection'
/** The `format` of a file holding several collections (an export of all of them). */
export const COLLECTIONS_FORMAT = 'vcp-workbench.collections'
/** The version this code writes and reads. */
export const COLLECTION_VERSION = 1
/** The longest call or collection name kept; longer names are refused, not cut. */
export const MAX_NAME_LENGTH = 200

/** A call kept under a name: the routing name it goes to and the arguments it sends. */
export interface SavedCall {
  name: string
  method: string
  arguments: Record<string, unknown>
}

/** A named group of saved calls; call names are unique within it. */
export interface CallCollection {
  name: string
  calls: SavedCall[]
}

/**
 * A bad entry: its collection (the name, or its index in `collections` when it has no usable name),
 * the call's index in `calls` (absent when the collection itself is bad), and why (in English, and
 * as a message other languages can render).
 */
export interface CollectionProblem {
  collection: string | number
  index?: number
  reason: string
  reasonRef?: MessageRef
}

/**
 * A file read. `ok: false` when nothing in it can be read as collections (not JSON, another format
 * or version); else the good entries, with every bad one in `problems` (left out of `collections`).
 */
export type CollectionReading =
  | { ok: true; collections: CallCollection[]; problems: CollectionProblem[] }
  | { ok: false; reason: string; reasonRef?: MessageRef }

/** A reason as a problem's or a reading's two fields. */
function because(said: SaidMessage): { reason: string; reasonRef: MessageRef } {
  return {
    reason: said.message,
    reasonRef: said.params ? { id: said.messageId, params: said.params } : { id: said.messageId },
  }
}

/** Why `name` cannot name a call or a collection, said by id, or null when it can. */
function nameSaid(name: unknown): SaidMessage | null {
  if (typeof name !== 'string') return say('collections.name-not-text')
  if (name.trim() === '') return say('collections.name-empty')
  if (name !== name.trim()) return say('collections.name-spaces')
  if (name.length > MAX_NAME_LENGTH) return say('collections.name-too-long', { max: MAX_NAME_LENGTH })
  return null
}

/** Why `name` cannot name a call or a collection, or null when it can. */
export function nameProblem(name: unknown): string | null {
  return nameSaid(name)?.message ?? null
}

/** One call as written in a file, or why it cannot be read (said by id). */
function readCall(value: unknown): SavedCall | SaidMessage {
  if (!isRecord(value)) return say('collections.call-not-object')
  const badName = nameSaid(value.name)
  if (badName) return badName
  if (typeof value.method !== 'string' || value.method.trim() === '') return say('collections.no-method')
  if (/\s/.test(value.method)) return say('collections.method-space', { method: JSON.stringify(value.method) })
  const args = value.arguments === undefined ? {} : value.arguments
  if (!isRecord(args)) return say('collections.arguments-not-object')
  if (nestsDeeperThan(args, MAX_ARGUMENT_DEPTH))
    return say('collections.arguments-too-deep', { max: MAX_ARGUMENT_DEPTH })
  return { name: value.name as string, method: value.method, arguments: args }
}

/** One call as written in a file, or why it cannot be read. */
export function checkSavedCall(value: unknown): SavedCall | string {
  const call = readCall(value)
  return 'messageId' in call ? call.message : call
}

/** A collection's calls; bad ones and repeated names go to `problems` under `collection`. */
export function checkCollection(value: unknown, where: number, problems: CollectionProblem[]): CallCollection | null {
  if (!isRecord(value)) {
    problems.push({ collection: where, ...because(say('collections.collection-not-object')) })
    return null
  }
  const badName = nameSaid(value.name)
  if (badName) {
    problems.push({ collection: where, ...because(badName) })
    return null
  }
  const name = value.name as string
  if (!Array.isArray(value.calls)) {
    problems.push({ collection: name, ...because(say('collections.calls-not-list')) })
    return null
  }
  const calls: SavedCall[] = []
  // A set, not a scan per entry: a file of 160,000 calls is read in one pass.
  const taken = new Set<string>()
  value.calls.forEach((entry: unknown, index) => {
    const call = readCall(entry)
    if ('messageId' in call) return void problems.push({ collection: name, index, ...because(call) })
    if (taken.has(call.name))
      return void problems.push({
        collection: name,
        index,
        ...because(say('collections.call-name-taken', { name: call.name })),
      })
    taken.add(call.name)
    calls.push(call)
  })
  return { name, calls }
}

/** Reads the parsed JSON of a collection file (see the module's comment for its two shapes). */
export function readCollectionData(data: unknown): CollectionReading {
  if (!isRecord(data)) return { ok: false, ...because(say('collections.file-not-object')) }
  if (data.format !== COLLECTION_FORMAT && data.format !== COLLECTIONS_FORMAT) {
    const format = JSON.stringify(data.format) ?? ref('collections.format-missing')
    return {
      ok: false,
      ...because(say('collections.wrong-format', { format, one: COLLECTION_FORMAT, many: COLLECTIONS_FORMAT })),
    }
  }
  if (data.version !== COLLECTION_VERSION) {
    const version = JSON.stringify(data.version) ?? ref('collections.version-missing')
    return { ok: false, ...because(say('collections.wrong-version', { version, expected: COLLECTION_VERSION })) }
  }
  const problems: CollectionProblem[] = []
  if (data.format === COLLECTION_FORMAT) {
    const one = checkCollection(data, 0, problems)
    if (one) return { ok: true, collections: [one], problems }
    const first = problems[0]
    return first
      ? { ok: false, reason: first.reason, reasonRef: first.reasonRef }
      : { ok: false, ...because(say('collections.no-collection')) }
  }
  if (!Array.isArray(data.collections)) return { ok: false, ...because(say('collections.collections-not-list')) }
  const collections: CallCollection[] = []
  const taken = new Set<string>()
  data.collections.forEach((entry: unknown, index) => {
    const found = checkCollection(entry, index, problems)
    if (!found) return
    if (taken.has(found.name))
      return void problems.push({
        collection: index,
        ...because(say('collections.collection-name-taken', { name: found.name })),
      })
    taken.add(found.name)
    collections.push(found)
  })
  return { ok: true, collections, problems }
}

/** Reads a collection file's text; never throws. */
export function readCollectionFile(text: string): CollectionReading {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, ...because(say('collections.not-json', { error: message })) }
  }
  return readCollectionData(data)
}

/** Where a problem is: `"Default" calls[2]`, or `collections[1]`. */
export function problemOwner(problem: CollectionProblem): string {
  const owner =
    typeof problem.collection === 'number' ? `collections[${problem.collection}]` : JSON.stringify(problem.collection)
  return `${owner}${problem.index === undefined ? '' : ` calls[${problem.index}]`}`
}

/** A problem as one line: `"Default" calls[2]: no method (…)`, or `collections[1]: the name is empty`. */
export function problemText(problem: CollectionProblem): string {
  return `${problemOwner(problem)}: ${problem.reason}`
}

/** The file text of one collection, or (given a list) of several; read back by readCollectionFile. */
export function writeCollectionFile(collections: CallCollection | readonly CallCollection[]): string {
  const entry = (c: CallCollection) => ({
    name: c.name,
    calls: c.calls.map(({ name, method, arguments: args }) => ({ name, method, arguments: args })),
  })
  const data = Array.isArray(collections)
    ? { format: COLLECTIONS_FORMAT, version: COLLECTION_VERSION, collections: collections.map(entry) }
    : { format: COLLECTION_FORMAT, version: COLLECTION_VERSION, ...entry(collections as CallCollection) }
  return `${JSON.stringify(data, null, 2)}\n`
}
