import { describe, expect, it } from 'vitest'
import {
  COLLECTION_FORMAT,
  COLLECTIONS_FORMAT,
  problemText,
  readCollectionFile,
  writeCollectionFile,
  type CallCollection,
} from '../../../src/core/collections'

const calc: CallCollection = {
  name: 'Maths',
  calls: [
    { name: 'answer', method: 'calc_evaluate', arguments: { expression: '6*7' } },
    { name: 'tree', method: 'fs_tree', arguments: {} },
  ],
}

describe('collection files', () => {
  it('writes one collection and reads it back', () => {
    const text = writeCollectionFile(calc)
    expect(JSON.parse(text)).toEqual({ format: COLLECTION_FORMAT, version: 1, ...calc })
    expect(readCollectionFile(text)).toEqual({ ok: true, collections: [calc], problems: [] })
  })

  it('writes several collections and reads them back', () => {
    const both = [calc, { name: 'Default', calls: [] }]
    const text = writeCollectionFile(both)
    expect(JSON.parse(text)).toMatchObject({ format: COLLECTIONS_FORMAT, version: 1 })
    expect(readCollectionFile(text)).toEqual({ ok: true, collections: both, problems: [] })
  })

  it('says why a file cannot be read at all', () => {
    const fail = (text: string) => {
      const reading = readCollectionFile(text)
      return reading.ok ? 'read' : reading.reason
    }
    expect(fail('{"format": ')).toMatch(/^the file is not JSON \(/)
    expect(fail('[]')).toBe('the file is not a JSON object')
    expect(fail('{"format": "other", "version": 1}')).toBe(
      'the "format" is "other", not "vcp-workbench.collection" or "vcp-workbench.collections"',
    )
    expect(fail(`{"format": "${COLLECTION_FORMAT}", "version": 2, "name": "x", "calls": []}`)).toBe(
      'version 2 is not 1',
    )
    expect(fail(`{"format": "${COLLECTION_FORMAT}", "version": 1, "name": "x", "calls": {}}`)).toBe(
      '"calls" is not a list',
    )
    expect(fail(`{"format": "${COLLECTION_FORMAT}", "version": 1, "name": "", "calls": []}`)).toBe('the name is empty')
    expect(fail(`{"format": "${COLLECTIONS_FORMAT}", "version": 1}`)).toBe('"collections" is not a list')
  })

  it('names every bad call with its index and reason, keeping the good ones', () => {
    const text = JSON.stringify({
      format: COLLECTION_FORMAT,
      version: 1,
      name: 'Mixed',
      calls: [
        { name: 'ok', method: 'calc_evaluate', arguments: { expression: '1' } },
        { name: 'no method', arguments: {} },
        'a string',
        { name: 'bad args', method: 'fs_tree', arguments: [1] },
        { name: 'ok', method: 'fs_tree' },
        { name: ' padded', method: 'fs_tree' },
        { name: 'spaced', method: 'fs tree' },
        { name: 'x'.repeat(201), method: 'fs_tree' },
      ],
    })
    const reading = readCollectionFile(text)
    if (!reading.ok) throw new Error(reading.reason)
    expect(reading.collections).toEqual([
      { name: 'Mixed', calls: [{ name: 'ok', method: 'calc_evaluate', arguments: { expression: '1' } }] },
    ])
    expect(reading.problems.map(problemText)).toEqual([
      '"Mixed" calls[1]: no method (a routing name such as calc_evaluate)',
      '"Mixed" calls[2]: not an object with "name", "method" and "arguments"',
      '"Mixed" calls[3]: "arguments" is not an object of named arguments',
      '"Mixed" calls[4]: the name "ok" is used by an earlier call',
      '"Mixed" calls[5]: the name starts or ends with a space',
      '"Mixed" calls[6]: the method "fs tree" holds a space',
      '"Mixed" calls[7]: the name is longer than 200 characters',
    ])
  })

  it('names a bad collection of a bundle by its index', () => {
    const text = JSON.stringify({
      format: COLLECTIONS_FORMAT,
      version: 1,
      collections: [calc, { name: 7, calls: [] }, { name: 'Maths', calls: [] }, null],
    })
    const reading = readCollectionFile(text)
    if (!reading.ok) throw new Error(reading.reason)
    expect(reading.collections).toEqual([calc])
    expect(reading.problems.map(problemText)).toEqual([
      'collections[1]: the name is not text',
      'collections[2]: the name "Maths" is used by an earlier collection',
      'collections[3]: not an object with "name" and "calls"',
    ])
  })

  it('keeps a key such as __proto__ as an ordinary argument', () => {
    const text = `{"format": "${COLLECTION_FORMAT}", "version": 1, "name": "p", "calls": [{"name": "a", "method": "m", "arguments": {"__proto__": {"x": 1}}}]}`
    const reading = readCollectionFile(text)
    if (!reading.ok) throw new Error(reading.reason)
    const args = reading.collections[0]!.calls[0]!.arguments
    expect(Object.keys(args)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
