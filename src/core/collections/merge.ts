/**
 * Bringing imported collections into the ones kept: a collection of the same name takes the new
 * calls, and a call whose name is taken there is either renamed (`name (2)`) or replaces the kept
 * one, as the person chose. Nothing is overwritten unless `replace` was chosen.
 */
import { MAX_NAME_LENGTH, type CallCollection } from './format'

/** What to do with an imported call whose name its collection already has. */
export type ClashMode = 'rename' | 'replace'

/** An imported call whose name is already taken in the kept collection of the same name. */
export interface NameClash {
  collection: string
  call: string
}

/** What {@link mergeCollections} did. */
export interface MergeResult {
  collections: CallCollection[]
  /** Calls kept under a new name (mode `rename`). */
  renamed: { collection: string; from: string; to: string }[]
  /** How many kept calls were replaced (mode `replace`). */
  replaced: number
  /** How many calls were imported, renamed and replacing ones included. */
  added: number
}

/** Every imported call whose name is taken, in the order of the file. */
export function findClashes(kept: readonly CallCollection[], incoming: readonly CallCollection[]): NameClash[] {
  const keptNames = new Map(kept.map((c) => [c.name, new Set(c.calls.map((call) => call.name))]))
  return incoming.flatMap((collection) => {
    const taken = keptNames.get(collection.name)
    if (!taken) return []
    return collection.calls
      .filter((call) => taken.has(call.name))
      .map((call) => ({ collection: collection.name, call: call.name }))
  })
}

/** `name` when free, else `name (2)`, `name (3)`, ...: the first not in `taken`, at most MAX_NAME_LENGTH long. */
export function uniqueName(name: string, taken: Pick<ReadonlySet<string>, 'has'>): string {
  if (!taken.has(name)) return name
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`
    const candidate = `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/** `kept` with `incoming` brought in (neither is changed); clashing names are handled as `mode` says. */
export function mergeCollections(
  kept: readonly CallCollection[],
  incoming: readonly CallCollection[],
  mode: ClashMode,
): MergeResult {
  const collections = kept.map((c) => ({ name: c.name, calls: [...c.calls] }))
  const result: MergeResult = { collections, renamed: [], replaced: 0, added: 0 }
  // Each collection with its calls' places, made once: no scan of the kept calls per imported call.
  const byName = new Map(collections.map((c) => [c.name, { target: c, place: placesOf(c) }]))
  for (const source of incoming) {
    let found = byName.get(source.name)
    if (!found) {
      found = { target: { name: source.name, calls: [] }, place: new Map() }
      collections.push(found.target)
      byName.set(source.name, found)
    }
    const { target, place } = found
    for (const call of source.calls) {
      const at = place.get(call.name)
      result.added++
      if (at === undefined) {
        place.set(call.name, target.calls.length)
        target.calls.push(call)
      } else if (mode === 'replace') {
        target.calls[at] = call
        result.replaced++
      } else {
        const name = uniqueName(call.name, place)
        place.set(name, target.calls.length)
        target.calls.push({ ...call, name })
        result.renamed.push({ collection: target.name, from: call.name, to: name })
      }
    }
  }
  return result
}

/** Each call's name and its index in the collection (the first, should a name repeat). */
function placesOf(collection: CallCollection): Map<string, number> {
  const places = new Map<string, number>()
  collection.calls.forEach((call, index) => {
    if (!places.has(call.name)) places.set(call.name, index)
  })
  return places
}

/** The call a command line names: `NAME`, or `COLLECTION/NAME` when several collections have a NAME. */
export type FoundCall =
  | { ok: true; collection: string; call: CallCollection['calls'][number] }
  | { ok: false; reason: string }

/** Looks `wanted` up in `collections`; when it is unknown or ambiguous, the reason lists the names there are. */
export function findCall(collections: readonly CallCollection[], wanted: string): FoundCall {
  const all = collections.flatMap((c) => c.calls.map((call) => ({ collection: c.name, call })))
  const qualified = (f: (typeof all)[number]) => `${f.collection}/${f.call.name}`
  const exact = all.filter((f) => qualified(f) === wanted)
  const found = exact.length > 0 ? exact : all.filter((f) => f.call.name === wanted)
  if (found.length === 1) return { ok: true, ...found[0]! }
  const names = (list: typeof all, name: (f: (typeof all)[number]) => string) =>
    list.map((f) => JSON.stringify(name(f))).join(', ')
  if (found.length > 1)
    return {
      ok: false,
      reason: `several collections have a call named "${wanted}"; name one as COLLECTION/NAME: ${names(found, qualified)}`,
    }
  if (all.length === 0) return { ok: false, reason: `no call named "${wanted}": the file holds no calls` }
  const many = new Set(all.map((f) => f.call.name)).size < all.length
  return {
    ok: false,
    reason: `no call named "${wanted}"; the calls are: ${names(all, many ? qualified : (f) => f.call.name)}`,
  }
}
