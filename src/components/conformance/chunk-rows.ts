/**
 * The chunks of a streamed answer as the evidence view lists them. A long stream is capped: its
 * start, its end and a window around every highlighted chunk are listed, and each run of chunks
 * left out is one gap row saying how many. A very long chunk is cut, saying how much is left out.
 */

/** A chunk listed, or a run of chunks left out. */
export type ChunkRow =
  | { kind: 'chunk'; index: number; text: string; cut: number; highlighted: boolean }
  | { kind: 'gap'; from: number; count: number }

/** How many chunks are listed. */
export interface ChunkRowsOptions {
  /** A stream of up to this many chunks is listed whole. @default 400 */
  whole?: number
  /** Chunks listed from the start of a longer stream. @default 40 */
  head?: number
  /** Chunks listed from its end. @default 10 */
  tail?: number
  /** Chunks listed on each side of a highlighted chunk. @default 8 */
  around?: number
  /** The most characters of a chunk shown. @default 2000 */
  maxChars?: number
}

export function chunkRows(
  chunks: readonly string[],
  highlighted: readonly number[],
  options: ChunkRowsOptions = {},
): ChunkRow[] {
  const { whole = 400, head = 40, tail = 10, around = 8, maxChars = 2000 } = options
  const marked = new Set(highlighted)
  const listed = new Set<number>()
  if (chunks.length <= whole) for (let n = 0; n < chunks.length; n++) listed.add(n)
  else {
    for (let n = 0; n < Math.min(head, chunks.length); n++) listed.add(n)
    for (let n = Math.max(0, chunks.length - tail); n < chunks.length; n++) listed.add(n)
    for (const at of marked)
      for (let n = Math.max(0, at - around); n <= Math.min(chunks.length - 1, at + around); n++) listed.add(n)
  }
  const rows: ChunkRow[] = []
  let gapFrom = -1
  for (let n = 0; n < chunks.length; n++) {
    if (!listed.has(n)) {
      if (gapFrom < 0) gapFrom = n
      continue
    }
    if (gapFrom >= 0) rows.push({ kind: 'gap', from: gapFrom, count: n - gapFrom })
    gapFrom = -1
    const chunk = chunks[n] as string
    const cut = Math.max(0, chunk.length - maxChars)
    rows.push({
      kind: 'chunk',
      index: n,
      text: cut > 0 ? chunk.slice(0, maxChars) : chunk,
      cut,
      highlighted: marked.has(n),
    })
  }
  if (gapFrom >= 0) rows.push({ kind: 'gap', from: gapFrom, count: chunks.length - gapFrom })
  return rows
}
