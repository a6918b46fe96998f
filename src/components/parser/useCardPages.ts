/**
 * Request cards shown a page at a time (a long reply can hold thousands of requests) and drawn a
 * few per frame, so the first cards show at once and the editor stays responsive.
 */
import { computed, getCurrentScope, onScopeDispose, ref, watch, type ComputedRef, type Ref } from 'vue'

/** How many cards a page adds. */
export const CARD_PAGE = 50
/** How many cards come in with each frame. */
const CARDS_PER_FRAME = 4

/** What {@link useCardPages} returns. */
export interface CardPagesReturn<T> {
  /** The items whose cards are drawn now. */
  visible: ComputedRef<T[]>
  /** How many items the pages shown so far allow; back to one page when the list is replaced. */
  shown: Ref<number>
  /** Allows one more page. */
  showMore(): void
}

/** Pages and per-frame drawing over the list `items()` gives; the frames stop with the scope. */
export function useCardPages<T>(items: () => readonly T[]): CardPagesReturn<T> {
  const shown = ref(CARD_PAGE)
  const drawn = ref(CARDS_PER_FRAME)
  let drawing = 0
  watch(items, () => (shown.value = CARD_PAGE))
  watch(
    [items, shown],
    ([current, count]) => {
      // Cards already drawn stay (a new parse updates them in place); only new ones come in frames.
      const target = Math.min(count, current.length)
      drawn.value = Math.max(CARDS_PER_FRAME, Math.min(drawn.value, target))
      cancelAnimationFrame(drawing)
      const more = (): void => {
        if (drawn.value >= target) return
        drawn.value += CARDS_PER_FRAME
        drawing = requestAnimationFrame(more)
      }
      drawing = requestAnimationFrame(more)
    },
    { immediate: true },
  )
  if (getCurrentScope()) onScopeDispose(() => cancelAnimationFrame(drawing))

  const visible = computed(() => items().slice(0, Math.min(shown.value, drawn.value)))
  return { visible, shown, showMore: () => (shown.value += CARD_PAGE) }
}
