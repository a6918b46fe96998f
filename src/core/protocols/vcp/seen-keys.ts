/**
 * The keys one block has shown so far, to notice a key written twice.
 * A block usually holds a handful of keys: a list beats a Set there. A block with many fields
 * (a model stuck in a loop) moves to a Set, so the duplicate check never turns quadratic.
 */

/** Past this many fields in one block, seen keys are kept in a Set. */
const MANY_KEYS = 16

/** Duplicate detection for the keys of the block being read; clear() between blocks. */
export class SeenKeys {
  private readonly list: string[] = []
  private count = 0
  private set: Set<string> | null = null

  /** Forgets every key: a new block begins. */
  clear(): void {
    this.count = 0
    this.set = null
  }

  /** Records `key`; true when the block showed it before. */
  add(key: string): boolean {
    const set = this.set
    if (set !== null) {
      const repeated = set.has(key)
      set.add(key)
      return repeated
    }
    let repeated = false
    for (let k = 0; k < this.count; k++) if (this.list[k] === key) repeated = true
    this.list[this.count++] = key
    if (this.count === MANY_KEYS) this.set = new Set(this.list.slice(0, MANY_KEYS))
    return repeated
  }
}
