/**
 * What the Parser keeps across reloads: the reply, the protocol to read it with and the model that
 * wrote it. The reply is saved a moment after typing stops, and only while it fits localStorage.
 */
import { getCurrentScope, onScopeDispose, type Ref } from 'vue'
import { isRecord, persistedRef } from '../../persistence/persisted'
import { SAMPLE_REPLIES } from '../../parsing/samples'

/** Everything the Parser saves. */
export interface ParserState {
  text: string
  protocol: string
  /** The model that wrote the reply, as a hint for auto (optional, '' for none). */
  model: string
}

/** Longer replies stay in the editor but are not saved: localStorage is small. */
export const MAX_SAVED_CHARS = 1_000_000
/** How long the saved reply waits after the last edit. */
const SAVE_DELAY_MS = 400

/** A first visit: the first sample reply, read with auto, no model. */
export function defaultParserState(): ParserState {
  return { text: SAMPLE_REPLIES[0]?.text ?? '', protocol: 'auto', model: '' }
}

/** Saved parser state, or null when its text or protocol is missing (a missing model is none). */
export function checkParserState(data: unknown): ParserState | null {
  return isRecord(data) && typeof data.text === 'string' && typeof data.protocol === 'string'
    ? { text: data.text, protocol: data.protocol, model: typeof data.model === 'string' ? data.model : '' }
    : null
}

/** The Parser's state, restored from and saved to localStorage (`parser`, version 1) on every change. */
export function useSavedParserState(): Ref<ParserState> {
  return persistedRef<ParserState>('parser', 1, defaultParserState, checkParserState)
}

/**
 * Saves the reply `reply()` gives into `state` a moment after the last call, so a long reply is not
 * written out on every keystroke; a reply over MAX_SAVED_CHARS is not saved. A save still waiting
 * when the scope is disposed is dropped.
 */
export function useReplySaver(state: Ref<ParserState>, reply: () => string): () => void {
  let pending: ReturnType<typeof setTimeout> | null = null

  function save(): void {
    pending = null
    const text = reply()
    if (text.length <= MAX_SAVED_CHARS) state.value.text = text
  }

  if (getCurrentScope())
    onScopeDispose(() => {
      if (pending) clearTimeout(pending)
    })
  return () => {
    if (pending) clearTimeout(pending)
    pending = setTimeout(save, SAVE_DELAY_MS)
  }
}
