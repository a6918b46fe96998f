import { describe, expect, it } from 'vitest'
import { chineseMessages, englishMessages, renderMessage } from '../../../src/core'
import { readCollectionFile } from '../../../src/core/collections'

describe('collection reading in other languages', () => {
  it('says every reason by id, rendering back to its English', () => {
    const texts = [
      'nope',
      '[]',
      '{"version": 1}',
      '{"format": "vcp-workbench.collection"}',
      '{"format": "vcp-workbench.collections", "version": 1, "collections": 3}',
      '{"format": "vcp-workbench.collection", "version": 1, "name": " x", "calls": []}',
    ]
    for (const text of texts) {
      const reading = readCollectionFile(text)
      if (reading.ok) throw new Error(`read: ${text}`)
      expect(reading.reasonRef, text).toBeDefined()
      expect(renderMessage(reading.reasonRef!, englishMessages)).toBe(reading.reason)
      expect(renderMessage(reading.reasonRef!, chineseMessages)).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('names each bad entry with a reason in Chinese too', () => {
    const reading = readCollectionFile(
      JSON.stringify({
        format: 'vcp-workbench.collection',
        version: 1,
        name: 'Maths',
        calls: [
          { name: 'a', method: 'calc evaluate' },
          { name: 'b', method: 'calc_evaluate', arguments: 3 },
        ],
      }),
    )
    if (!reading.ok) throw new Error(reading.reason)
    expect(reading.problems.map((p) => renderMessage(p.reasonRef!, chineseMessages))).toEqual([
      '方法 "calc evaluate" 中含有空格',
      '"arguments" 不是由具名参数组成的对象',
    ])
    expect(reading.problems.map((p) => renderMessage(p.reasonRef!, englishMessages))).toEqual(
      reading.problems.map((p) => p.reason),
    )
  })
})
