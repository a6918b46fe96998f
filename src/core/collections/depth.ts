/**
 * How deep saved arguments may nest. The page saves and shows them with code that recurses once
 * per level (Vue's reactivity, JSON.stringify), so a value nested 200,000 deep overflows the stack
 * on every save; such a call is refused where it comes in, with its entry named.
 */

/** The deepest nesting kept in a call's arguments: the arguments object itself is level 1. */
export const MAX_ARGUMENT_DEPTH = 64

/** Whether `value` nests objects or arrays deeper than `max` levels; walks without recursion, stops when too deep. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next
    if (item === null || typeof item !== 'object') continue
    if (depth > max) return true
    for (const child of Object.values(item))
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1])
  }
  return false
}
