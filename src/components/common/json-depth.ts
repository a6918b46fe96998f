/**
 * How deep the JSON viewer draws: each level is a component inside its parent's, so a value nested
 * 1,000 deep would overflow the stack while it is drawn. Past the cap, the rest is text.
 */

/** Levels drawn as foldable nodes; what is deeper is shown as JSON text. */
export const MAX_JSON_DEPTH = 32

/** How deep a parsed JSON value is nested (a scalar is 0), measured without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0
  const stack: { value: unknown; level: number }[] = [{ value, level: 0 }]
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; level: number }
    if (next.value === null || typeof next.value !== 'object') continue
    const level = next.level + 1
    if (level > deepest) deepest = level
    for (const child of Object.values(next.value)) stack.push({ value: child, level })
  }
  return deepest
}

/** The value as compact JSON text, or null when even that is too deep for the engine. */
export function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null
  } catch {
    return null
  }
}
