/** Small timing helpers: warm up, then take the median of interleaved runs. */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] as number
}

/**
 * Runs each task `rounds` times, interleaved so machine noise hits all of them alike, and returns
 * each task's median time in milliseconds.
 */
export function measureInterleaved(tasks: Record<string, () => unknown>, rounds: number, warmup = 3): Record<string, number> {
  const names = Object.keys(tasks)
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  let sink = 0
  for (let round = 0; round < warmup + rounds; round++) {
    for (const name of names) {
      const started = performance.now()
      const value = (tasks[name] as () => unknown)()
      const elapsed = performance.now() - started
      if (value !== undefined) sink++
      if (round >= warmup) samples[name]?.push(elapsed)
    }
  }
  if (sink < 0) console.log(sink)
  return Object.fromEntries(names.map((n) => [n, median(samples[n] as number[])]))
}
