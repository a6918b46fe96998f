/** Suggested fixes and reading hints for a parsed reply. */
export { suggestFixes, type SuggestFixesOptions } from './suggest'
export { readingHints } from './hints'
export { applyEdits, editsFit } from './edits'
export type { ReadingHint, ReadingHintKind, SuggestedFix, TextEdit } from './types'
