import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { changedSpans, diffLines, editScript } from '../../src/template-lab/line-diff'

/** The longest common subsequence's length, the slow way: what a shortest edit script keeps. */
function lcs(a: readonly string[], b: readonly string[]): number {
  const rows = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      rows[i]![j] = a[i] === b[j] ? rows[i + 1]![j + 1]! + 1 : Math.max(rows[i + 1]![j]!, rows[i]![j + 1]!)
  return rows[0]![0]!
}

/** `a` edited by `ops` into what they say `b` is. */
function apply(a: readonly string[], b: readonly string[], ops: readonly string[]): string[] {
  const out: string[] = []
  let i = 0
  let j = 0
  for (const op of ops) {
    if (op === 'same') {
      expect(a[i]).toBe(b[j])
      out.push(a[i++]!)
      j++
    } else if (op === 'removed') i++
    else out.push(b[j++]!)
  }
  expect([i, j]).toEqual([a.length, b.length])
  return out
}

describe('the line diff', () => {
  it('finds a shortest edit script: it turns A into B and keeps as much as can be kept', () => {
    const line = fc.constantFrom('a', 'b', 'c', '')
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), fc.array(line, { maxLength: 14 }), (a, b) => {
        const ops = editScript(a, b)
        expect(ops).not.toBeNull()
        expect(apply(a, b, ops!)).toEqual(b)
        expect(ops!.filter((op) => op === 'same')).toHaveLength(lcs(a, b))
      }),
    )
  })

  it('numbers the lines of both sides and marks the changed words of a changed line', () => {
    const diff = diffLines('a\n{"x": 1}\nc', 'a\n"{\\"x\\":1}"\nc\nd')
    expect(diff.removed).toBe(1)
    expect(diff.added).toBe(2)
    expect(diff.lines.map((line) => [line.kind, line.a, line.b])).toEqual([
      ['same', 1, 1],
      ['removed', 2, undefined],
      ['added', undefined, 2],
      ['same', 3, 3],
      ['added', undefined, 4],
    ])
    const removed = diff.lines[1]!
    expect(removed.changes?.map(([s, e]) => removed.text.slice(s, e))).toEqual([' '])
    const added = diff.lines[2]!
    expect(added.changes?.map(([s, e]) => added.text.slice(s, e))).toEqual(['"', '\\', '\\', '"'])
  })

  it('marks inserted words as one span', () => {
    expect(changedSpans('hello world', 'hello there world')).toEqual({ a: [], b: [[6, 12]] })
  })

  it('shows two texts too different to line up as replaced, without searching on', () => {
    const a = Array.from({ length: 3000 }, (_, n) => `line ${n}`).join('\n')
    const b = Array.from({ length: 3000 }, (_, n) => `other ${n}`).join('\n')
    const diff = diffLines(a, b)
    expect(diff.tooLong).toBe(true)
    expect([diff.removed, diff.added]).toEqual([3000, 3000])
  })
})
