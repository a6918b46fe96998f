/**
 * Reading a saved message's other versions (see branches.ts): each version is read message by
 * message like the session's own; a version, or the whole set, that cannot be read is dropped
 * with a note, and the message and the rest of the chat stay.
 */
import { isRecord } from '../core/internal'
import type { MessageVersions, StoredMessage } from './model'

/** How deep versions may nest in saved data; deeper ones are dropped (saved data is not trusted). */
export const MAX_VERSION_DEPTH = 64

/** Reads one version's messages; `where` names the version in notes. */
export type ReadVersionMessages = (list: unknown[], where: string, depth: number) => StoredMessage[]

/**
 * The versions saved on a message, read; undefined when there are none, or none could be read.
 * Every repair is said in `repairs` (e.g. `chat "Trip", message #3: version 2 could not be read and was removed`).
 */
export function readVersions(
  value: unknown,
  where: string,
  depth: number,
  repairs: string[],
  readMessages: ReadVersionMessages,
): MessageVersions | undefined {
  if (value === undefined) return undefined
  if (depth >= MAX_VERSION_DEPTH) {
    repairs.push(`${where}: its other versions are nested too deeply and were removed`)
    return undefined
  }
  if (!isRecord(value) || !Array.isArray(value.others)) {
    repairs.push(`${where}: its other versions could not be read and were removed`)
    return undefined
  }
  const others: StoredMessage[][] = []
  value.others.forEach((version: unknown, k) => {
    const label = `${where}, version ${k + 1}`
    const messages = Array.isArray(version) ? readMessages(version, label, depth + 1) : []
    if (messages.length > 0) others.push(messages)
    else repairs.push(`${where}: version ${k + 1} could not be read and was removed`)
  })
  if (others.length === 0) return undefined
  const saved = value.shown
  const fits = typeof saved === 'number' && Number.isInteger(saved) && saved >= 0 && saved <= others.length
  if (!fits) repairs.push(`${where}: which version was shown could not be read; the last one is shown`)
  return { others, shown: fits ? saved : others.length }
}
