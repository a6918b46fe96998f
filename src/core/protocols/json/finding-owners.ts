/**
 * Which call of a payload each finding belongs to, in one sweep over both sorted by position, so a
 * payload of many calls, each with many findings, costs (calls + findings) × log, never their product.
 */

/** A half-open span of the text, [start, end). */
export interface Span {
  start: number
  end: number
}

/**
 * For each offset, the index of the first span (in list order) that holds it, or 0 when none does.
 * Spans may overlap or nest and need not be sorted; an empty span holds nothing.
 */
export function ownersOf(offsets: readonly number[], spans: readonly Span[]): number[] {
  const owners = new Array<number>(offsets.length).fill(0)
  const byStart = spans.map((_, n) => n).sort((a, b) => spanAt(spans, a).start - spanAt(spans, b).start)
  const byOffset = offsets.map((_, k) => k).sort((a, b) => (offsets[a] as number) - (offsets[b] as number))
  // Spans that have started, smallest index first; one that has ended stays until it reaches the top.
  const open = new IndexHeap()
  let next = 0
  for (const k of byOffset) {
    const at = offsets[k] as number
    for (; next < byStart.length && spanAt(spans, byStart[next] as number).start <= at; next++)
      open.push(byStart[next] as number)
    // Offsets only grow, so a span that ended before this one holds no later offset either.
    while (open.size > 0 && spanAt(spans, open.top).end <= at) open.pop()
    if (open.size > 0) owners[k] = open.top
  }
  return owners
}

const spanAt = (spans: readonly Span[], n: number): Span => spans[n] as Span

/** A binary min-heap of indices. */
class IndexHeap {
  private readonly items: number[] = []

  get size(): number {
    return this.items.length
  }

  /** The smallest index; only read when the heap is not empty. */
  get top(): number {
    return this.items[0] as number
  }

  push(value: number): void {
    const items = this.items
    let at = items.push(value) - 1
    while (at > 0) {
      const parent = (at - 1) >> 1
      if ((items[parent] as number) <= value) break
      items[at] = items[parent] as number
      at = parent
    }
    items[at] = value
  }

  pop(): void {
    const items = this.items
    const last = items.pop() as number
    if (items.length === 0) return
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= items.length) break
      const right = left + 1
      const child = right < items.length && (items[right] as number) < (items[left] as number) ? right : left
      if ((items[child] as number) >= last) break
      items[at] = items[child] as number
      at = child
    }
    items[at] = last
  }
}
