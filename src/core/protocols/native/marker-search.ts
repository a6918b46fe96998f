/**
 * Searching a text for markers again and again without scanning it again and again: each
 * marker's last answer is kept, and holds for any later search that does not start before it was
 * asked for or after the place it found. A reader that asks from ever later offsets scans the
 * text once per marker in all, so a text full of openers and no closers stays linear.
 */
export class MarkerFinder {
  private askedFrom = -1
  private at = -2

  constructor(
    private readonly text: string,
    readonly marker: string,
  ) {}

  /** The first place of the marker at or after `from`, -1 when there is none. */
  next(from: number): number {
    if (this.at !== -2 && from >= this.askedFrom && (this.at === -1 || this.at >= from)) return this.at
    this.askedFrom = from
    this.at = this.text.indexOf(this.marker, from)
    return this.at
  }
}

/** The first of several markers at or after `from`: [offset, marker], or [-1, ''] when none. */
export function firstMarker(finders: readonly MarkerFinder[], from: number): [number, string] {
  let best = -1
  let which = ''
  for (const finder of finders) {
    const at = finder.next(from)
    if (at !== -1 && (best === -1 || at < best)) {
      best = at
      which = finder.marker
    }
  }
  return [best, which]
}

/** The earliest of several markers at or after `from`; `none` when there is none. */
export function earliest(finders: readonly MarkerFinder[], from: number, none: number): number {
  let best = none
  for (const finder of finders) {
    const at = finder.next(from)
    if (at !== -1 && at < best) best = at
  }
  return best
}

/** Finders made on first use, one per marker, for readers that search for many markers. */
export function markerFinders(text: string): (marker: string) => MarkerFinder {
  const finders = new Map<string, MarkerFinder>()
  return (marker) => {
    let finder = finders.get(marker)
    if (!finder) finders.set(marker, (finder = new MarkerFinder(text, marker)))
    return finder
  }
}
