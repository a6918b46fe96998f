/** How many entries of an ascending list are below `value`: where `value` would be inserted first. */
export function countBelow(sorted: readonly number[], value: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as number) < value) lo = mid + 1
    else hi = mid
  }
  return lo
}
