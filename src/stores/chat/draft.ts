/** The chat's message box text, held in the store so that other panes can put text into it. */
import { defineStore } from 'pinia'
import { ref, type Ref } from 'vue'

/** What useChatDraft returns. */
export interface ChatDraftReturn {
  /** The text in the message box, not yet sent. */
  draft: Ref<string>
  /** Adds `text` to the message box: alone when it is empty, else after a blank line. */
  insertIntoDraft(text: string): void
}

/** The message box's text. */
export function useChatDraft(): ChatDraftReturn {
  const draft = ref('')
  function insertIntoDraft(text: string): void {
    draft.value = draft.value.trim() ? `${draft.value.trimEnd()}\n\n${text}` : text
  }
  return { draft, insertIntoDraft }
}

/** The chat's message box text as a store: the composer shows it, other panes add to it. */
export const useChatDraftStore = defineStore('chatDraft', useChatDraft)
