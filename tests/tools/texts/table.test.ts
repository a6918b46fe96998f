import { describe, expect, it } from 'vitest'
import { translateLines, translatePair, type TextTable } from '../../../src/tools/texts/table'

const table: TextTable = {
  'tool.box.name': ['Box', '盒子'],
  'tool.box.description': ['Kept in %{place} for %{days} days.', '在%{place}保存 %{days} 天。'],
  'group.Box.rule': ['- one\n- two\n- three', '- 一\n- 二\n- 三'],
}
const slots = { place: (value: string) => (value === 'the attic' ? '阁楼' : value) }

describe('translatePair', () => {
  it('translates only the English the pair was made from', () => {
    expect(translatePair(table, slots, 'tool.box.name', 'Box')).toBe('盒子')
    expect(translatePair(table, slots, 'tool.box.name', 'My box')).toBeUndefined()
    expect(translatePair(table, slots, 'tool.other.name', 'Box')).toBeUndefined()
  })

  it('fills slots, translating the values it knows and keeping the others', () => {
    expect(translatePair(table, slots, 'tool.box.description', 'Kept in the attic for 3 days.')).toBe(
      '在阁楼保存 3 天。',
    )
    expect(translatePair(table, slots, 'tool.box.description', 'Kept in a shed for 10 days.')).toBe(
      '在a shed保存 10 天。',
    )
    expect(translatePair(table, slots, 'tool.box.description', 'Stored in the attic.')).toBeUndefined()
  })

  it('ignores keys that are only inherited properties', () => {
    expect(translatePair(table, slots, 'constructor', 'Box')).toBeUndefined()
    expect(translatePair(table, slots, '__proto__', 'Box')).toBeUndefined()
  })

  it('reads slot characters in the English literally', () => {
    const special: TextTable = { k: ['Use $VAR_REF{{%{name}}} (or [x]).', '用 $VAR_REF{{%{name}}}（或 [x]）。'] }
    expect(translatePair(special, {}, 'k', 'Use $VAR_REF{{a/b}} (or [x]).')).toBe('用 $VAR_REF{{a/b}}（或 [x]）。')
    expect(translatePair(special, {}, 'k', 'Use $VAR_REF{{a/b}} (or [y]).')).toBeUndefined()
  })
})

describe('translateLines', () => {
  it('translates the whole text or any of its lines, in the order given', () => {
    expect(translateLines(table, 'group.Box.rule', '- one\n- two\n- three')).toBe('- 一\n- 二\n- 三')
    expect(translateLines(table, 'group.Box.rule', '- three\n- one')).toBe('- 三\n- 一')
  })

  it('gives up when a line is not one of the pair', () => {
    expect(translateLines(table, 'group.Box.rule', '- one\n- four')).toBeUndefined()
    expect(translateLines(table, 'group.Other.rule', '- one')).toBeUndefined()
  })

  it('gives up when the translation has another number of lines', () => {
    const uneven: TextTable = { r: ['- a\n- b', '- 甲'] }
    expect(translateLines(uneven, 'r', '- a')).toBeUndefined()
  })
})
