/**
 * The collection file: saved calls (a name, a method, its arguments) in named groups, as the
 * Executor exports them and `vcp exec --collection` reads them. One collection is
 * `{"format": "vcp-workbench.collection", "version": 1, "name", "calls": [...]}`; several are
 * `{"format": "vcp-workbench.collections", "version": 1, "collections": [{"name", "calls"}]}`.
 * A file comes from anywhere: reading it never throws, and every bad entry is named with its index.
 */
import { isRecord } from '../own-record'

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
 * the call's index in `calls` (absent when the collection itself is bad), and why.
 */
export interface CollectionProblem {
  collection: string | number
  index?: number
  reason: string
}

/**
 * A file read. `ok: false` when nothing in it can be read as collections (not JSON, another format
 * or version); else the good entries, with every bad one in `problems` (left out of `collections`).
 */
export type CollectionReading =
  | { ok: true; collections: CallCollection[]; problems: CollectionProblem[] }
  | { ok: false; reason: string }

/** Why `name` cannot name a call or a collection, or null when it can. */
export function nameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'the name is not text'
  if (name.trim() === '') return 'the name is empty'
  if (name !== name.trim()) return 'the name starts or ends with a space'
  if (name.length > MAX_NAME_LENGTH) return `the name is longer than ${MAX_NAME_LENGTH} characters`
  return null
}

/** One call as written in a file, or why it cannot be read. */
export function checkSavedCall(value: unknown): SavedCall | string {
  if (!isRecord(value)) return 'not an object with "name", "method" and "arguments"'
  const badName = nameProblem(value.name)
  if (badName) return badName
  if (typeof value.method !== 'string' || value.method.trim() === '')
    return 'no method (a routing name such as calc_evaluate)'
  if (/\s/.test(value.method)) return `the method ${JSON.stringify(value.method)} holds a space`
  const args = value.arguments === undefined ? {} : value.arguments
  if (!isRecord(args)) return '"arguments" is not an object of named arguments'
  return { name: value.name as string, method: value.method, arguments: args }
}

/** A collection's calls; bad ones and repeated names go to `problems` under `collection`. */
export function checkCollection(value: unknown, where: number, problems: CollectionProblem[]): CallCollection | null {
  if (!isRecord(value)) {
    problems.push({ collection: where, reason: 'not an object with "name" and "calls"' })
    return null
  }
  const badName = nameProblem(value.name)
  if (badName) {
    problems.push({ collection: where, reason: badName })
    return null
  }
  const name = value.name as string
  if (!Array.isArray(value.calls)) {
    problems.push({ collection: name, reason: '"calls" is not a list' })
    return null
  }
  const calls: SavedCall[] = []
  value.calls.forEach((entry: unknown, index) => {
    const call = checkSavedCall(entry)
    if (typeof call === 'string') return void problems.push({ collection: name, index, reason: call })
    if (calls.some((c) => c.name === call.name))
      return void problems.push({
        collection: name,
        index,
        reason: `the name "${call.name}" is used by an earlier call`,
      })
    calls.push(call)
  })
  return { name, calls }
}

/** Reads the parsed JSON of a collection file (see the module's comment for its two shapes). */
export function readCollectionData(data: unknown): CollectionReading {
  if (!isRecord(data)) return { ok: false, reason: 'the file is not a JSON object' }
  if (data.format !== COLLECTION_FORMAT && data.format !== COLLECTIONS_FORMAT)
    return {
      ok: false,
      reason: `the "format" is ${JSON.stringify(data.format) ?? 'missing'}, not "${COLLECTION_FORMAT}" or "${COLLECTIONS_FORMAT}"`,
    }
  if (data.version !== COLLECTION_VERSION)
    return { ok: false, reason: `version ${JSON.stringify(data.version) ?? '(none)'} is not ${COLLECTION_VERSION}` }
  const problems: CollectionProblem[] = []
  if (data.format === COLLECTION_FORMAT) {
    const one = checkCollection(data, 0, problems)
    return one
      ? { ok: true, collections: [one], problems }
      : { ok: false, reason: problems[0]?.reason ?? 'no collection' }
  }
  if (!Array.isArray(data.collections)) return { ok: false, reason: '"collections" is not a list' }
  const collections: CallCollection[] = []
  data.collections.forEach((entry: unknown, index) => {
    const found = checkCollection(entry, index, problems)
    if (!found) return
    if (collections.some((c) => c.name === found.name))
      return void problems.push({
        collection: index,
        reason: `the name "${found.name}" is used by an earlier collection`,
      })
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
    return { ok: false, reason: `the file is not JSON (${error instanceof Error ? error.message : String(error)})` }
  }
  return readCollectionData(data)
}

/** A problem as one line: `"Default" calls[2]: no method (…)`, or `collections[1]: the name is empty`. */
export function problemText(problem: CollectionProblem): string {
  const owner =
    typeof problem.collection === 'number' ? `collections[${problem.collection}]` : JSON.stringify(problem.collection)
  return `${owner}${problem.index === undefined ? '' : ` calls[${problem.index}]`}: ${problem.reason}`
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
