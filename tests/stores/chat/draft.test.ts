/** The chat's message box text, which other panes add to. */
import { describe, expect, it } from 'vitest'
import { useChatDraft } from '../../../src/stores/chat/draft'

describe('the chat draft', () => {
  it('takes inserted text alone when empty, else after a blank line', () => {
    const { draft, insertIntoDraft } = useChatDraft()
    insertIntoDraft('first')
    expect(draft.value).toBe('first')
    draft.value = 'first\n\n  '
    insertIntoDraft('second')
    expect(draft.value).toBe('first\n\nsecond')
    draft.value = '   '
    insertIntoDraft('third')
    expect(draft.value).toBe('third')
  })
})
