/**
 * Searches a growing text window for a fixed set of needles with indexOf, remembering results in
 * absolute offsets. Text at an offset never changes, so a hit stays valid and a miss only needs
 * the text that arrived since: every character is searched at most once per needle.
 */

/** A search start beyond any text: no search made yet (keeps the arrays small-integer arrays). */
const NO_SEARCH = 0x3fffffff

export class NeedleCache {
  private readonly from: number[]
  private readonly at: number[]
  private readonly end: number[]

  constructor(private readonly needles: readonly string[]) {
    this.from = needles.map(() => NO_SEARCH)
    this.at = needles.map(() => -1)
    this.end = needles.map(() => 0)
  }

  /** Next occurrence of needle `id` at or after `from` in `window` (which starts at offset `base`), or -1. */
  next(id: number, from: number, window: string, base: number): number {
    const fromAbs = base + from
    const end = base + window.length
    const needle = this.needles[id] as string
    if ((this.from[id] as number) <= fromAbs) {
      const at = this.at[id] as number
      if (at !== -1) {
        if (at >= fromAbs) return at - base
      } else {
        const searchedTo = this.end[id] as number
        if (searchedTo === end) return -1
        // Resume where the last search stopped, allowing for a needle split across the seam.
        const found = window.indexOf(needle, Math.max(fromAbs, searchedTo - needle.length + 1) - base)
        this.at[id] = found === -1 ? -1 : base + found
        this.end[id] = end
        return found
      }
    }
    const found = window.indexOf(needle, from)
    this.from[id] = fromAbs
    this.at[id] = found === -1 ? -1 : base + found
    this.end[id] = end
    return found
  }
}
