import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { DEFAULT_TOOL_CALL_CONFIG, parseToolRequests, type ToolExecutionResult } from '../core'
import { useToolCalling } from '../composables/useToolCalling'

const SAMPLE = `I will save a note, read it back and do the sum.

<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_write「末」,
path:「始」/notes/today.md「末」,
content:「始」- try the workbench「末」
<<<[END_TOOL_REQUEST]>>>

<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_read「末」,
path:「始」/notes/today.md「末」
<<<[END_TOOL_REQUEST]>>>

<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」,
expression:「始」sqrt(16) * (3 + 4) / 2「末」
<<<[END_TOOL_REQUEST]>>>
`

/** The reply pasted into the quick parser, what it parses to, and what running it gave. */
export const useReplyStore = defineStore('reply', () => {
  const text = ref(SAMPLE)
  const result = computed(() => parseToolRequests(text.value))
  const toolCalling = useToolCalling()
  const results = shallowRef<ToolExecutionResult[]>([])

  /** Runs the reply's requests as a model's would run (agent-callable methods only). */
  async function run(): Promise<void> {
    const cycle = await toolCalling.processCycle(text.value, { ...DEFAULT_TOOL_CALL_CONFIG })
    results.value = cycle.executionResults
  }

  return { text, result, results, running: toolCalling.running, run, abort: toolCalling.abort }
})
