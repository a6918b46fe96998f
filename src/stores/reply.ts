import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { parseToolRequests } from '../core'

const SAMPLE = `I will read the notes first.

<<<[TOOL_REQUEST]>>>
tool_name:「始」vfs_read「末」,
path:「始」/notes/today.md「末」
<<<[END_TOOL_REQUEST]>>>
`

/** The reply pasted into the quick parser, and what it parses to. */
export const useReplyStore = defineStore('reply', () => {
  const text = ref(SAMPLE)
  const result = computed(() => parseToolRequests(text.value))
  return { text, result }
})
