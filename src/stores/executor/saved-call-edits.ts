/**
 * Changing the saved calls in place: save, rename, move, delete. Names are checked as a collection
 * file checks them, so what is kept always exports and imports back unchanged; a taken name is
 * never overwritten unless the caller says so.
 */
import type { Ref } from 'vue'
import { checkSavedCall, nameProblem, type CallCollection } from '../../core/collections'

/** The collection a call goes to when none is named. */
export const DEFAULT_COLLECTION = 'Default'

/** What saving a call did: saved, not saved because the name is taken, or why the call cannot be kept. */
export type SaveOutcome = { ok: true } | { ok: false; exists: true } | { ok: false; exists: false; problem: string }

/** What {@link useSavedCallEdits} returns. */
export interface SavedCallEditsReturn {
  /** Keeps a call under `name` in `collection` ('' is DEFAULT_COLLECTION); a taken name is replaced only with `replace`. */
  saveCall(
    collection: string,
    name: string,
    method: string,
    args: Record<string, unknown>,
    replace?: boolean,
  ): SaveOutcome
  /** Renames a call; returns why not (a bad or taken name), or null. */
  renameSavedCall(collection: string, from: string, to: string): string | null
  /** Moves a call to another collection (made when new); returns why not (its name is taken there), or null. */
  moveSavedCall(from: string, name: string, to: string): string | null
  deleteSavedCall(collection: string, name: string): void
  deleteCollection(name: string): void
}

/** Edits of the collections held in `collections`. */
export function useSavedCallEdits(collections: Ref<CallCollection[]>): SavedCallEditsReturn {
  const find = (name: string) => collections.value.find((c) => c.name === name)
  function ensure(name: string): CallCollection {
    const found = find(name)
    if (found) return found
    collections.value.push({ name, calls: [] })
    return collections.value[collections.value.length - 1]!
  }

  function saveCall(
    collection: string,
    name: string,
    method: string,
    args: Record<string, unknown>,
    replace = false,
  ): SaveOutcome {
    const group = collection.trim() === '' ? DEFAULT_COLLECTION : collection.trim()
    // Checked before it is copied: arguments nested too deeply would overflow the copy.
    const checked = checkSavedCall({ name: name.trim(), method: method.trim(), arguments: args })
    const problem = nameProblem(group) ?? (typeof checked === 'string' ? checked : null)
    if (problem !== null || typeof checked === 'string') return { ok: false, exists: false, problem: problem ?? '' }
    const call = { ...checked, arguments: copyOf(checked.arguments) }
    const taken = find(group)?.calls.findIndex((c) => c.name === call.name) ?? -1
    if (taken >= 0 && !replace) return { ok: false, exists: true }
    const target = ensure(group)
    if (taken >= 0) target.calls[taken] = call
    else target.calls.push(call)
    return { ok: true }
  }

  function renameSavedCall(collection: string, from: string, to: string): string | null {
    const group = find(collection)
    const call = group?.calls.find((c) => c.name === from)
    if (!group || !call) return `no call named "${from}" in "${collection}"`
    const name = to.trim()
    if (name === from) return null
    const problem = nameProblem(name)
    if (problem) return problem
    if (group.calls.some((c) => c.name === name)) return `"${collection}" already has a call named "${name}"`
    call.name = name
    return null
  }

  function moveSavedCall(from: string, name: string, to: string): string | null {
    const source = find(from)
    const at = source?.calls.findIndex((c) => c.name === name) ?? -1
    if (!source || at < 0) return `no call named "${name}" in "${from}"`
    if (from === to) return null
    const problem = nameProblem(to)
    if (problem) return problem
    if (find(to)?.calls.some((c) => c.name === name)) return `"${to}" already has a call named "${name}"`
    const [call] = source.calls.splice(at, 1)
    ensure(to).calls.push(call!)
    return null
  }

  function deleteSavedCall(collection: string, name: string): void {
    const group = find(collection)
    if (group) group.calls = group.calls.filter((c) => c.name !== name)
  }

  function deleteCollection(name: string): void {
    collections.value = collections.value.filter((c) => c.name !== name)
  }

  return { saveCall, renameSavedCall, moveSavedCall, deleteSavedCall, deleteCollection }
}

/** A copy: the form may change after saving, the saved call must not. */
function copyOf(args: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(args)) as Record<string, unknown>
}
