/** Putting text into the chat's message box from another pane, and showing the chat. */
import { useChatDraftStore } from '../../stores/chat/draft'
import { useTesterStore } from '../../stores/tester'

/** A function that adds `text` to the chat's message box (after what is there) and opens the Chat tab. */
export function useInsertIntoChat(): (text: string) => void {
  const draft = useChatDraftStore()
  const tester = useTesterStore()
  return (text) => {
    draft.insertIntoDraft(text)
    tester.tab = 'chat'
  }
}
