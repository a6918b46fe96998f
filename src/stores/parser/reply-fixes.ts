/**
 * The reply's suggested fixes and reading hints, and applying a fix with a way back: through the
 * editor when it can (Monaco keeps the edit on its own undo stack, so Ctrl+Z undoes it too), else
 * by setting the text, with Undo putting the earlier text back.
 */
import { computed, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import {
  applyEdits,
  readingHints,
  suggestFixes,
  type ParseResult,
  type ReadingHint,
  type SuggestedFix,
  type TextEdit,
} from '../../core'
import type { ReplyHints } from '../../parsing/parse-reply'

/** Trial parses a reply's fixes may spend, in characters read: a long reply gets few, never a stall. */
const CHECKED_CHARS = 1_500_000

/** An editor that can apply edits itself (and undo them); each answers false when it cannot. */
export interface FixEditor {
  applyEdits(edits: readonly TextEdit[]): boolean
  undo(): boolean
}

/** The last fix applied: what it was, and the text before and after it. */
export interface AppliedFix {
  fix: SuggestedFix
  before: string
  after: string
  /** The editor made the edit, so its own undo takes it back. */
  viaEditor: boolean
}

/** What {@link useReplyFixes} needs: the editor's text, the parse shown and how it was read. */
export interface ReplyFixesOptions {
  text: Ref<string>
  parsedText: Readonly<Ref<string>>
  result: Readonly<ShallowRef<ParseResult>>
  protocol: () => string
  hints: () => ReplyHints
  /** Reads the text now (after a fix, so the cards follow at once). */
  flush: () => void
}

/** What {@link useReplyFixes} returns. */
export interface ReplyFixesReturn {
  /** The checked fixes of the shown parse, one at most per diagnostic. */
  fixes: ComputedRef<SuggestedFix[]>
  /** The reading hints of the shown parse. */
  hints: ComputedRef<ReadingHint[]>
  /** The last fix applied, while the text is still as it left it; null otherwise. */
  applied: ComputedRef<AppliedFix | null>
  /** Applies a fix of the shown parse (ignored while the text has changes not yet read). */
  applyFix(fix: SuggestedFix, editor?: FixEditor | null): void
  /** Takes the last fix back, if the text is still as it left it. */
  undoFix(editor?: FixEditor | null): void
}

/** Fixes and hints for the parse in `options`, and applying and undoing a fix. */
export function useReplyFixes(options: ReplyFixesOptions): ReplyFixesReturn {
  const { text, parsedText, result, flush } = options
  const fixes = computed(() => {
    const { model, tools } = options.hints()
    return suggestFixes(parsedText.value, options.protocol(), {
      reasoning: 'include',
      ...(model ? { model } : {}),
      ...(tools ? { tools } : {}),
      result: result.value,
      maxCheckedChars: CHECKED_CHARS,
    })
  })
  const hints = computed(() => readingHints(parsedText.value, result.value))
  const last = shallowRef<AppliedFix | null>(null)
  const applied = computed(() => (last.value && text.value === last.value.after ? last.value : null))

  function applyFix(fix: SuggestedFix, editor?: FixEditor | null): void {
    const before = text.value
    if (before !== parsedText.value) return
    const after = applyEdits(before, fix.edits)
    const viaEditor = editor?.applyEdits(fix.edits) ?? false
    text.value = after
    flush()
    last.value = { fix, before, after, viaEditor }
  }

  function undoFix(editor?: FixEditor | null): void {
    const fix = applied.value
    if (!fix) return
    if (!(fix.viaEditor && editor?.undo()) || text.value !== fix.before) text.value = fix.before
    flush()
    last.value = null
  }

  return { fixes, hints, applied, applyFix, undoFix }
}
