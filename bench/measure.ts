/**
 * Timing helper: tasks run interleaved, round after round, so a slow moment of the machine hits
 * all of them alike; each task's figure is its best round after the warm-up rounds. Noise on a
 * shared machine only ever adds time, so the best round is the closest reading of the code's cost.
 */
export function measureInterleaved(
  tasks: Record<string, () => unknown>,
  rounds: number,
  warmup = 10,
): Record<string, number> {
  const names = Object.keys(tasks)
  const best: Record<string, number> = Object.fromEntries(names.map((n) => [n, Infinity]))
  let sink = 0
  for (let round = 0; round < warmup + rounds; round++) {
    for (const name of names) {
      const started = performance.now()
      const value = (tasks[name] as () => unknown)()
      const elapsed = performance.now() - started
      if (value !== undefined) sink++
      if (round >= warmup) best[name] = Math.min(best[name] as number, elapsed)
    }
  }
  if (sink < 0) console.log(sink)
  return best
}
