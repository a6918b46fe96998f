/**
 * Hands out request ids that never repeat within one session (a conversation, a CLI run).
 * Ids the model wrote are kept when free and suffixed when taken.
 */
export interface RequestIdSession {
  /** Returns `wanted` when it is free, otherwise a free variant of it; a fresh id when `wanted` is undefined. */
  claim(wanted?: string): string
  /** True when `id` has been handed out by this session. */
  has(id: string): boolean
}

export function createRequestIdSession(prefix = 'req'): RequestIdSession {
  const used = new Set<string>()
  let counter = 0

  function claim(wanted?: string): string {
    if (wanted !== undefined && wanted !== '' && !used.has(wanted)) {
      used.add(wanted)
      return wanted
    }
    const base = wanted === undefined || wanted === '' ? prefix : wanted
    let id: string
    do {
      counter++
      id = `${base}-${counter}`
    } while (used.has(id))
    used.add(id)
    return id
  }

  return { claim, has: (id) => used.has(id) }
}
