import { describe, expect, it } from 'vitest'
import { promptBlocks } from '../../../src/components/templates/prompt-pieces'
import { linePieces, splitItems, unifiedItems } from '../../../src/components/templates/diff-rows'
import { findingExcerpt } from '../../../src/components/templates/finding-excerpt'
import { errorLine, offsetOf } from '../../../src/components/templates/error-line'
import type { DiffLine } from '../../../src/template-lab/line-diff'

describe('the prompt as drawn', () => {
  const text = '<s>[U]hi[/U][A]yo</s>'
  const marks = [
    { start: 0, end: 3, kind: 'bos' as const },
    { start: 3, end: 6, kind: 'marker' as const },
    { start: 8, end: 12, kind: 'marker' as const },
    { start: 12, end: 15, kind: 'marker' as const },
    { start: 17, end: 21, kind: 'eos' as const },
  ]

  it('is one block with its tokens before the spans are known', () => {
    const [block] = promptBlocks(text, marks, null)
    expect(block?.pieces.map((p) => `${p.token ?? '-'}:${p.text}`)).toEqual([
      'bos:<s>',
      'marker:[U]',
      '-:hi',
      'marker:[/U]',
      'marker:[A]',
      '-:yo',
      'eos:</s>',
    ])
  })

  it('is a block per span, each with the tokens in it, and cut at the limit', () => {
    const spans = [
      { start: 0, end: 12, messages: [0], roles: ['user'] },
      { start: 12, end: 21, messages: [1], roles: ['assistant'] },
    ]
    const blocks = promptBlocks(text, marks, spans, 16)
    expect(blocks.map((b) => b.pieces.map((p) => p.text).join(''))).toEqual(['<s>[U]hi[/U]', '[A]y'])
    expect(blocks[1]?.pieces[0]).toEqual({ text: '[A]', token: 'marker' })
  })
})

describe('the diff as drawn', () => {
  const same = (n: number): DiffLine => ({ kind: 'same', text: `line ${n}`, a: n, b: n })
  const lines: DiffLine[] = [
    ...Array.from({ length: 10 }, (_, n) => same(n + 1)),
    { kind: 'removed', text: 'old', a: 11, changes: [[0, 3]] },
    { kind: 'added', text: 'new', b: 11, changes: [[0, 3]] },
    { kind: 'added', text: 'more', b: 12 },
    ...Array.from({ length: 2 }, (_, n) => same(n + 12)),
  ]

  it('folds the unchanged lines far from a change, and opens a fold when asked', () => {
    const items = unifiedItems(lines)
    expect(items[0]).toEqual({ kind: 'fold', id: 0, count: 7 })
    expect(items.slice(1).map((i) => (i.kind === 'line' ? i.line.text : 'fold'))).toEqual([
      'line 8',
      'line 9',
      'line 10',
      'old',
      'new',
      'more',
      'line 12',
      'line 13',
    ])
    expect(unifiedItems(lines, new Set([0])).every((i) => i.kind === 'line')).toBe(true)
  })

  it('pairs a removed line with the added one in its place, side by side', () => {
    const rows = splitItems(lines).filter((i) => i.kind === 'row')
    const changed = rows.filter((r) => r.left?.kind !== 'same')
    expect(changed.map((r) => [r.left?.text, r.right?.text])).toEqual([
      ['old', 'new'],
      [undefined, 'more'],
    ])
  })

  it('cuts a line at its changed ranges', () => {
    expect(
      linePieces({
        kind: 'added',
        text: 'a "x" b',
        changes: [
          [2, 3],
          [4, 5],
        ],
      }),
    ).toEqual([
      { text: 'a ', changed: false },
      { text: '"', changed: true },
      { text: 'x', changed: false },
      { text: '"', changed: true },
      { text: ' b', changed: false },
    ])
  })
})

describe("a finding's evidence", () => {
  it('shows a window around its highlights', () => {
    const rendered = `${'a'.repeat(500)}HERE${'b'.repeat(500)}`
    const pieces = findingExcerpt(rendered, [{ start: 500, end: 504 }])
    expect(pieces[0]).toEqual({ text: '…', marked: false })
    expect(pieces.filter((p) => p.marked)).toEqual([{ text: 'HERE', marked: true }])
    expect(pieces.at(-1)).toEqual({ text: '…', marked: false })
    expect(pieces.map((p) => p.text).join('').length).toBeLessThan(400)
  })
})

describe("an error's line", () => {
  it('is the template line with the column apart, and an offset for the editor', () => {
    const template = 'one\r\ntwo {{ x }\nthree'
    expect(errorLine(template, { kind: 'syntax', message: '', line: 2, column: 5 })).toEqual({
      before: 'two ',
      at: '{',
      after: '{ x }',
    })
    expect(offsetOf('one\ntwo {{ x }\nthree', 2, 5)).toBe(8)
    expect(errorLine(template, { kind: 'limit', message: '' })).toBeNull()
  })
})
