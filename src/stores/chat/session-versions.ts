/**
 * Versions of the open chat: a reply made again (retry after a failure, regenerate after an
 * answer), a user message edited and sent again, and switching between the versions. What a new
 * version replaces is kept as another version (branches.ts), and everything is saved with the chat.
 */
import type { ComputedRef } from 'vue'
import { newId, type ChatSession } from '../../saved-chats/model'
import { startVersion, switchVersion } from '../../saved-chats/branches'
import type { ChatStateReturn } from './chat-state'

/** Options of useSessionVersions. */
export interface SessionVersionsOptions {
  chat: Pick<ChatStateReturn, 'activeSession'>
  /** True while a run is going on: versions do not change then. */
  running: ComputedRef<boolean>
  /** Starts a reply at the end of the session, or at `at` as a new version (see useSessionRuns). */
  begin: (session: ChatSession, at?: number) => void
}

/** What useSessionVersions returns; each action answers false, changing nothing, when it cannot act. */
export interface SessionVersionsReturn {
  /** Makes an assistant reply again from the same history (retry and regenerate); the old reply stays a version. */
  regenerate(messageId: string): boolean
  /** Sends `text` in place of a user message; the message and what followed stay a version. */
  editAndResend(messageId: string, text: string): boolean
  /** Shows version `to` (0-based) of the conversation from this message on. */
  showVersion(messageId: string, to: number): boolean
}

/** The version actions on the open chat. */
export function useSessionVersions({ chat, running, begin }: SessionVersionsOptions): SessionVersionsReturn {
  /** The open session and the message's place in it, when the message is there and nothing runs. */
  function find(messageId: string): { session: ChatSession; at: number } | null {
    if (running.value) return null
    const session = chat.activeSession.value
    const at = session.messages.findIndex((m) => m.id === messageId)
    return at === -1 ? null : { session, at }
  }

  function regenerate(messageId: string): boolean {
    const found = find(messageId)
    if (!found || found.session.messages[found.at]!.role !== 'assistant') return false
    begin(found.session, found.at)
    return true
  }

  function editAndResend(messageId: string, text: string): boolean {
    const content = text.trim()
    const found = find(messageId)
    const message = found?.session.messages[found.at]
    if (!found || !content || message?.role !== 'user' || message.kind === 'tool-result') return false
    startVersion(found.session.messages, found.at, { id: newId('msg'), role: 'user', content, createdAt: Date.now() })
    begin(found.session)
    return true
  }

  function showVersion(messageId: string, to: number): boolean {
    const found = find(messageId)
    return found ? switchVersion(found.session.messages, found.at, to) : false
  }

  return { regenerate, editAndResend, showVersion }
}
