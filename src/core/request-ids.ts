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

/**
 * A new, empty session. Fresh ids are `${prefix}-1`, `${prefix}-2`, ...; a taken id `x` becomes
 * `x-1`, `x-2`, ... Sessions share nothing, so one per conversation keeps ids unique in it.
 */
export function createRequestIdSession(prefix = 'req'): RequestIdSession {
  // Generated ids are `${prefix}-${n}` for n <= counter and are not stored; other ids are.
  const written = new Set<string>()
  const generatedPrefix = prefix + '-'
  let counter = 0
  // The next suffix to try per taken id: a model repeating one id thousands of times must not
  // make each claim walk every suffix handed out before.
  const nextSuffix = new Map<string, number>()

  function isGenerated(id: string): boolean {
    if (!id.startsWith(generatedPrefix)) return false
    const digits = id.slice(generatedPrefix.length)
    return /^[1-9]\d*$/.test(digits) && Number(digits) <= counter
  }

  function has(id: string): boolean {
    return written.has(id) || isGenerated(id)
  }

  function claim(wanted?: string): string {
    if (wanted === undefined || wanted === '') {
      let id = generatedPrefix + ++counter
      // Most sessions hold no written ids at all: skip the lookup then.
      while (written.size !== 0 && written.has(id)) id = generatedPrefix + ++counter
      return id
    }
    if (!has(wanted)) {
      written.add(wanted)
      return wanted
    }
    for (let n = nextSuffix.get(wanted) ?? 1; ; n++) {
      const id = `${wanted}-${n}`
      if (!has(id)) {
        written.add(id)
        nextSuffix.set(wanted, n + 1)
        return id
      }
    }
  }

  return { claim, has }
}
