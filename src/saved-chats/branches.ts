/**
 * Versions of a conversation: making a reply again, or editing a user message and sending it
 * again, keeps what followed as another version of the conversation from that message on, and
 * the user can switch between them. The shown version is the session's own message list; the
 * others sit on its first message (`versions`). Plain data, changed in place.
 */
import type { MessageVersions, StoredMessage } from './model'

/** Which version of the conversation from this message on is shown, and how many there are. */
export interface VersionPlace {
  /** 0-based. */
  shown: number
  count: number
}

/** The message's place among its versions; `{ shown: 0, count: 1 }` when it has none. */
export function versionPlace(message: StoredMessage): VersionPlace {
  const versions = message.versions
  return versions ? { shown: versions.shown, count: versions.others.length + 1 } : { shown: 0, count: 1 }
}

/** Every version from `at` on, in order, the shown one (the messages from `at`) in its place; takes them out of `messages`. */
function takeVersions(messages: StoredMessage[], at: number): { all: StoredMessage[][]; shown: number } {
  const tail = messages.splice(at)
  const first = tail[0]
  const versions: MessageVersions = first?.versions ?? { others: [], shown: 0 }
  if (first) delete first.versions
  const all = [...versions.others]
  if (tail.length > 0) all.splice(Math.min(versions.shown, all.length), 0, tail)
  return { all, shown: versions.shown }
}

/** Puts version `to` of `all` after `messages`, the others on its first message. */
function showVersion(messages: StoredMessage[], all: StoredMessage[][], to: number): void {
  const chosen = all[to]!
  const others = all.filter((_, k) => k !== to)
  if (others.length > 0) chosen[0]!.versions = { others, shown: to }
  messages.push(...chosen)
}

/**
 * Starts a new version of the conversation at `at` with `first` (a new reply, or the edited
 * message): the messages from `at` on are kept as a version, `first` becomes the last message
 * and the shown version (the last of them). `at` at the end simply adds `first`.
 */
export function startVersion(messages: StoredMessage[], at: number, first: StoredMessage): void {
  const { all } = takeVersions(messages, at)
  delete first.versions
  all.push([first])
  showVersion(messages, all, all.length - 1)
}

/**
 * Shows version `to` (0-based) of the conversation from `at` on; the shown one is kept as a
 * version. False, and nothing changed, when `at` has no such version.
 */
export function switchVersion(messages: StoredMessage[], at: number, to: number): boolean {
  const message = messages[at]
  if (!message?.versions || !Number.isInteger(to) || to < 0 || to > message.versions.others.length) return false
  if (to === message.versions.shown) return true
  const { all } = takeVersions(messages, at)
  showVersion(messages, all, to)
  return true
}

/** Every message of the conversation, the versions not shown included (depth first). */
export function* allMessages(messages: readonly StoredMessage[]): Generator<StoredMessage> {
  for (const message of messages) {
    yield message
    for (const version of message.versions?.others ?? []) yield* allMessages(version)
  }
}
