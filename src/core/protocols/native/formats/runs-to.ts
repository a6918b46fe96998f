/**
 * Where a block that is never closed runs to, as a message to nest in the finding that says so
 * ("... it runs to the end of the text", "... to the next [TOOL_CALLS]").
 */
import { ref } from '../../../messages/say'
import type { MessageRef } from '../../../messages/types'

/** "the end of the text". */
export const TO_TEXT_END: MessageRef = ref('native.json.to.text-end')

/** "the next MARKER": the block runs to the next place `marker` opens another. */
export function toNext(marker: string): MessageRef {
  return ref('native.json.to.next', { marker })
}

/** "it runs to the end of the text": a whole clause, for findings that end with one. */
export const RUNS_TO_TEXT_END: MessageRef = ref('native.token.runs-to-text-end')

/** "another section opens before it closes": a section ends where the next one opens. */
export const ANOTHER_SECTION_OPENS: MessageRef = ref('native.token.another-section-opens')
