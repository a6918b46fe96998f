import { describe, expect, it } from 'vitest'
import { chineseMessages, messageIn, parseToolRequests, readingHints } from '../../../src/core'

const hintsOf = (text: string, protocol: string) => readingHints(text, parseToolRequests(text, protocol))

describe('readingHints: swallowed calls', () => {
  const two = '<tool_call>\n{"name": "a", "arguments": {"x": 1}}\n'
  const closed = '<tool_call>\n{"name": "b", "arguments": {}}\n</tool_call>'

  it('says how many calls a broken Hermes block swallowed and where the first starts', () => {
    const text = `${two}${two}${closed}`
    const [hint] = hintsOf(text, 'hermes')
    expect(hint).toMatchObject({ kind: 'swallowed', messageId: 'hint.swallowed-many', params: { count: 2, line: 3 } })
    expect(hint!.offset).toBe(text.indexOf('<tool_call>', 1))
    expect(hint!.requestStart).toBe(0)
    expect(hint!.message).toBe(
      'This block is never closed, so it swallows 2 more requests: they are read as part of this one. The first starts at line 3.',
    )
    expect(messageIn(chineseMessages, hint!)).toBe(
      '此块没有结束，吞掉了后面的 2 个请求：它们被当作此块的一部分读取。第一个从第 3 行开始。',
    )
  })

  it('says it of one swallowed call too, and of a VCP block whose escaped value runs on', () => {
    expect(hintsOf(`${two}${closed}`, 'hermes')[0]?.messageId).toBe('hint.swallowed-one')
    const vcp =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」a_b「末」,\nk:「始ESCAPE」x\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」c_d「末」\n<<<[END_TOOL_REQUEST]>>>'
    expect(hintsOf(vcp, 'vcp')).toMatchObject([{ kind: 'swallowed', params: { line: 4 } }])
  })

  it('says nothing of closed blocks, or of a valid block that quotes a tag', () => {
    expect(hintsOf(`${closed}\n${closed}`, 'hermes')).toEqual([])
    const quoted = '<tool_call>\n{"name": "fs_write", "arguments": {"content": "<tool_call>"}}\n</tool_call>'
    expect(hintsOf(quoted, 'hermes')).toEqual([])
  })
})

describe('readingHints: numbered batches', () => {
  const block = (fields: string) => `<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs「末」,\n${fields}<<<[END_TOOL_REQUEST]>>>`

  it('explains a batch: how many calls, from which to which, in order', () => {
    const hints = hintsOf(block('command1:「始」Read「末」\ncommand2:「始」List「末」\n'), 'vcp')
    expect(hints).toMatchObject([{ kind: 'batch', params: { count: 2, first: 'command1', last: 'command2' } }])
    expect(hints[0]!.message).toBe(
      'A numbered batch of 2 calls (command1 to command2): they run one after another, in number order.',
    )
  })

  it('flags a gap and a number written twice', () => {
    const text = block('command1:「始」Read「末」\ncommand3:「始」List「末」\ncommand03:「始」Hash「末」\n')
    const hints = hintsOf(text, 'vcp')
    expect(hints.map((h) => h.kind)).toEqual(['batch', 'batch-gap', 'batch-duplicate'])
    expect(hints[1]!.params).toEqual({ missing: '2' })
    expect(hints[2]!.params).toEqual({ number: 3, count: 2, keys: 'command3, command03' })
    expect(text.slice(hints[2]!.offset, hints[2]!.offset + hints[2]!.length)).toBe('command03')
  })

  it('does not count a numbered command mentioned inside a value', () => {
    const hints = hintsOf(block('command1:「始」Read command1: twice「末」\n'), 'vcp')
    expect(hints.map((h) => h.kind)).toEqual(['batch'])
  })
})
