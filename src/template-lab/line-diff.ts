/**
 * A line diff of two rendered prompts, with the changed spans inside each changed line: Myers'
 * shortest edit script over lines, then over the words of each deleted line paired with the
 * inserted line in its place.
 */

/** One line of a unified diff; `changes` are the ranges of `text` that differ from the paired line. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added'
  text: string
  /** 1-based line numbers in the left (A) and right (B) text. */
  a?: number
  b?: number
  changes?: [start: number, end: number][]
}

export interface LineDiff {
  lines: DiffLine[]
  /** Lines only in A, only in B. */
  removed: number
  added: number
  /** The texts were too long to diff line by line: each is one changed block. */
  tooLong?: boolean
}

/** Past this many edits the script is not searched further: the texts are shown as replaced. */
const MAX_EDITS = 2000
/** Lines longer than this are compared whole, not word by word. */
const MAX_WORDS_LINE = 2000

type Op = 'same' | 'removed' | 'added'

/**
 * Myers' O((N+M)D) edit script of `a` into `b`, common ends trimmed first; null when it needs more
 * than `maxEdits` edits.
 */
export function editScript<T>(a: readonly T[], b: readonly T[], maxEdits = MAX_EDITS): Op[] | null {
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail), maxEdits)
  if (!middle) return null
  return [...Array<Op>(head).fill('same'), ...middle, ...Array<Op>(tail).fill('same')]
}

function myers<T>(a: readonly T[], b: readonly T[], maxEdits: number): Op[] | null {
  const n = a.length
  const m = b.length
  const max = Math.min(n + m, maxEdits)
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  // trace[d]: the furthest x on diagonals -d-1 .. d+1 before step d (only those are read back).
  const trace: Int32Array[] = []
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) return backtrack(trace, n, m)
    }
  }
  return null
}

function backtrack(trace: readonly Int32Array[], n: number, m: number): Op[] {
  const ops: Op[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const before = trace[d] as Int32Array
    // Diagonal k is at index k + d + 1 of the slice.
    const at = (k: number) => before[k + d + 1] as number
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const prevK = down ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : at(prevK)
    const prevY = d === 0 ? 0 : prevX - prevK
    while (x > prevX && y > prevY) {
      ops.push('same')
      x--
      y--
    }
    if (d > 0) ops.push(down ? 'added' : 'removed')
    x = prevX
    y = prevY
  }
  return ops.reverse()
}

/** Words, runs of space and single other characters: the units a changed line is compared in. */
function words(line: string): string[] {
  return line.match(/\w+|\s+|[^\w\s]/g) ?? []
}

/** The ranges of `a` and of `b` that the word diff of the two lines marks as changed. */
export function changedSpans(a: string, b: string): { a: [number, number][]; b: [number, number][] } {
  if (a.length > MAX_WORDS_LINE || b.length > MAX_WORDS_LINE) return { a: [[0, a.length]], b: [[0, b.length]] }
  const wa = words(a)
  const wb = words(b)
  const ops = editScript(wa, wb, 500)
  if (!ops) return { a: [[0, a.length]], b: [[0, b.length]] }
  const spans = { a: [] as [number, number][], b: [] as [number, number][] }
  let i = 0
  let j = 0
  let atA = 0
  let atB = 0
  const add = (list: [number, number][], start: number, end: number) => {
    const previous = list[list.length - 1]
    if (previous && previous[1] === start) previous[1] = end
    else list.push([start, end])
  }
  for (const op of ops) {
    if (op === 'same') {
      atA += (wa[i++] as string).length
      atB += (wb[j++] as string).length
    } else if (op === 'removed') {
      const word = wa[i++] as string
      add(spans.a, atA, atA + word.length)
      atA += word.length
    } else {
      const word = wb[j++] as string
      add(spans.b, atB, atB + word.length)
      atB += word.length
    }
  }
  return spans
}

/** The line diff of `a` into `b`, each removed line paired with the added line in its place for word changes. */
export function diffLines(a: string, b: string): LineDiff {
  const la = a.split('\n')
  const lb = b.split('\n')
  const ops = editScript(la, lb)
  if (!ops) {
    const lines: DiffLine[] = [
      ...la.map((text, n): DiffLine => ({ kind: 'removed', text, a: n + 1 })),
      ...lb.map((text, n): DiffLine => ({ kind: 'added', text, b: n + 1 })),
    ]
    return { lines, removed: la.length, added: lb.length, tooLong: true }
  }
  const lines: DiffLine[] = []
  let i = 0
  let j = 0
  let removed = 0
  let added = 0
  for (let at = 0; at < ops.length; ) {
    if (ops[at] === 'same') {
      lines.push({ kind: 'same', text: la[i] as string, a: ++i, b: ++j })
      at++
      continue
    }
    // A run of changes: its removed lines, then its added lines, paired in order for word changes.
    const gone: DiffLine[] = []
    const come: DiffLine[] = []
    for (; at < ops.length && ops[at] !== 'same'; at++) {
      if (ops[at] === 'removed') gone.push({ kind: 'removed', text: la[i] as string, a: ++i })
      else come.push({ kind: 'added', text: lb[j] as string, b: ++j })
    }
    for (let p = 0; p < Math.min(gone.length, come.length); p++) {
      const left = gone[p] as DiffLine
      const right = come[p] as DiffLine
      const spans = changedSpans(left.text, right.text)
      left.changes = spans.a
      right.changes = spans.b
    }
    removed += gone.length
    added += come.length
    lines.push(...gone, ...come)
  }
  return { lines, removed, added }
}
