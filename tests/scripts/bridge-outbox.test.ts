import { describe, expect, it } from 'vitest'
import { messageKind, Outbox, type Dropped } from '../../scripts/bridge-outbox'

const note = ({ lines, progress }: Dropped) => `dropped ${lines} ${progress}`
const log = (n: number) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: n } })
const progress = (token: string | number, n: number) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/progress',
  params: { progressToken: token, progress: n },
})

describe('the bridge outbox', () => {
  it('keeps answers and requests in order, the newest progress per token, the newest log lines', () => {
    const box = new Outbox({ ringLines: 3 })
    box.put('answer 1', { kind: 'kept' })
    for (let n = 0; n < 10; n++) box.put(`job ${n}`, { kind: 'latest', key: 'job' })
    for (let n = 0; n < 10; n++) box.put(`log ${n}`, { kind: 'ring' })
    box.put('answer 2', { kind: 'kept' })
    expect(box.take(note)).toEqual(['dropped 7 9', 'answer 1', 'job 9', 'log 7', 'log 8', 'log 9', 'answer 2'])
    expect(box.isEmpty).toBe(true)
    expect(box.take(note)).toEqual([])
  })

  it('bounds the ring by bytes too, and only kept and progress bytes count against the cap', () => {
    const box = new Outbox({ ringLines: 1000, ringBytes: 100 })
    for (let n = 0; n < 50; n++) box.put('x'.repeat(30), { kind: 'ring' })
    expect(box.bytes).toBeLessThanOrEqual(100)
    expect(box.keptBytes).toBe(0)
    box.put('y'.repeat(9), { kind: 'latest', key: 'a' })
    box.put('y'.repeat(19), { kind: 'latest', key: 'a' })
    expect(box.keptBytes).toBe(20)
  })

  it('holds a bounded number of entries however long nothing is taken', () => {
    const box = new Outbox({ ringLines: 10 })
    for (let n = 0; n < 100_000; n++) box.put(log(n), { kind: 'ring' })
    expect(box.heldEntries).toBeLessThan(2100)
    const lines = box.take(note)
    expect(lines[0]).toBe('dropped 99990 0')
    expect(lines.at(-1)).toBe(log(99_999))
  })

  it('tells a message by its kind: a request or an answer is kept, progress by token, logs in the ring', () => {
    expect(messageKind({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ kind: 'kept' })
    expect(messageKind({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({ kind: 'kept' })
    expect(messageKind(JSON.parse(log(1)))).toEqual({ kind: 'ring' })
    expect(messageKind(progress('a', 1))).toEqual({ kind: 'latest', key: 'string:a' })
    expect(messageKind(progress(7, 1))).toEqual({ kind: 'latest', key: 'number:7' })
    // A token of no usable kind, and other notifications, are kept.
    expect(messageKind({ ...progress('a', 1), params: { progressToken: {}, progress: 1 } })).toEqual({ kind: 'kept' })
    expect(messageKind({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })).toEqual({ kind: 'kept' })
  })
})
