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
  return incoming.flatMap((collection) => {
    const same = kept.find((c) => c.name === collection.name)
    if (!same) return []
    return collection.calls
      .filter((call) => same.calls.some((c) => c.name === call.name))
      .map((call) => ({ collection: collection.name, call: call.name }))
  })
}

/** `name` when free, else `name (2)`, `name (3)`, ...: the first not in `taken`, at most MAX_NAME_LENGTH long. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
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
  for (const source of incoming) {
    let target = collections.find((c) => c.name === source.name)
    if (!target) collections.push((target = { name: source.name, calls: [] }))
    for (const call of source.calls) {
      const at = target.calls.findIndex((c) => c.name === call.name)
      result.added++
      if (at < 0) target.calls.push(call)
      else if (mode === 'replace') {
        target.calls[at] = call
        result.replaced++
      } else {
        const name = uniqueName(call.name, new Set(target.calls.map((c) => c.name)))
        target.calls.push({ ...call, name })
        result.renamed.push({ collection: target.name, from: call.name, to: name })
      }
    }
  }
  return result
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
