/** Creating, opening, renaming and deleting chat sessions; there is always at least one. */
import { MANUAL_PROFILE_ID, newSession, type ChatSession } from '../../saved-chats/model'
import type { ChatStateReturn } from './chat-state'

/** Options of useSessionEditing. */
export interface SessionEditingOptions {
  /** Called before a session is deleted: a run in it must stop. */
  beforeDelete: (sessionId: string) => void
  /** Called after a session was deleted: what was kept for it (variables, tool session) goes. */
  afterDelete: (sessionId: string) => void
}

/** What useSessionEditing returns. */
export interface SessionEditingReturn {
  /** A new session, first in the list and open, with the open session's agent and endpoint. */
  createSession(): ChatSession
  /** Opens the session; an unknown id changes nothing. */
  selectSession(id: string): void
  /** Renames the session to the trimmed title; a blank title changes nothing. */
  renameSession(id: string, title: string): void
  /** Deletes the session; the last one is replaced by a new one, and the open one by the first. */
  deleteSession(id: string): void
}

/** The session list's actions on the saved chat state. */
export function useSessionEditing(
  chat: Pick<ChatStateReturn, 'state' | 'activeSession'>,
  { beforeDelete, afterDelete }: SessionEditingOptions,
): SessionEditingReturn {
  const { state } = chat

  function createSession(): ChatSession {
    const current = chat.activeSession.value
    const session = newSession(current.agentId, current.profileId)
    state.value.sessions.unshift(session)
    state.value.activeSessionId = session.id
    return session
  }
  function selectSession(id: string): void {
    if (state.value.sessions.some((s) => s.id === id)) state.value.activeSessionId = id
  }
  function renameSession(id: string, title: string): void {
    const session = state.value.sessions.find((s) => s.id === id)
    if (session && title.trim()) session.title = title.trim()
  }
  function deleteSession(id: string): void {
    beforeDelete(id)
    const at = state.value.sessions.findIndex((s) => s.id === id)
    if (at === -1) return
    state.value.sessions.splice(at, 1)
    afterDelete(id)
    if (state.value.sessions.length === 0)
      state.value.sessions.push(newSession(state.value.agents[0]!.id, MANUAL_PROFILE_ID))
    if (state.value.activeSessionId === id) state.value.activeSessionId = state.value.sessions[0]!.id
  }

  return { createSession, selectSession, renameSession, deleteSession }
}
