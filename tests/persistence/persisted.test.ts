// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { persistedRef, persistNotices, STORAGE_PREFIX } from '../../src/persistence/persisted'

const check = (data: unknown) =>
  typeof data === 'object' && data !== null && typeof (data as { n?: unknown }).n === 'number'
    ? (data as { n: number })
    : null

describe('persistedRef', () => {
  beforeEach(() => {
    localStorage.clear()
    persistNotices.value = []
  })

  it('saves every change and restores it', async () => {
    const first = persistedRef('t', 1, () => ({ n: 0 }), check)
    first.value.n = 5
    await nextTick()
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}t`) as string)).toEqual({ version: 1, data: { n: 5 } })
    expect(persistedRef('t', 1, () => ({ n: 0 }), check).value).toEqual({ n: 5 })
    expect(persistNotices.value).toEqual([])
  })

  it.each([
    ['not JSON', '{oops', 'corrupt'],
    ['no data', '{"version": 1}', 'corrupt'],
    ['another version', '{"version": 0, "data": {"n": 1}}', 'old-version'],
    ['a wrong shape', '{"version": 1, "data": {"n": "one"}}', 'invalid'],
  ])('replaces %s with the defaults and says so', (_what, saved, reason) => {
    localStorage.setItem(`${STORAGE_PREFIX}t`, saved)
    expect(persistedRef('t', 1, () => ({ n: 0 }), check).value).toEqual({ n: 0 })
    expect(persistNotices.value).toEqual([{ key: 't', reason, backupKey: `${STORAGE_PREFIX}backup:t` }])
    expect(localStorage.getItem(`${STORAGE_PREFIX}t`)).toBeNull()
    expect(localStorage.getItem(`${STORAGE_PREFIX}backup:t`)).toBe(saved)
  })

  it('a check that repairs says what, and the original is kept', () => {
    const saved = '{"version": 1, "data": {"n": "7"}}'
    localStorage.setItem(`${STORAGE_PREFIX}t`, saved)
    const repairing = (data: unknown, repairs: string[]) => {
      repairs.push('n was text')
      return { n: Number((data as { n: string }).n) }
    }
    expect(persistedRef('t', 1, () => ({ n: 0 }), repairing).value).toEqual({ n: 7 })
    expect(persistNotices.value).toEqual([
      { key: 't', reason: 'repaired', repairs: ['n was text'], backupKey: `${STORAGE_PREFIX}backup:t` },
    ])
    expect(localStorage.getItem(`${STORAGE_PREFIX}backup:t`)).toBe(saved)
  })

  it('when the browser refuses to save, the state stays in memory and a notice says so once', async () => {
    const state = persistedRef('t', 1, () => ({ n: 0 }), check)
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    try {
      state.value.n = 1
      await nextTick()
      state.value.n = 2
      await nextTick()
      expect(state.value.n).toBe(2)
      expect(persistNotices.value).toEqual([{ key: 't', reason: 'not-saved', detail: 'QuotaExceededError: quota' }])
    } finally {
      setItem.mockRestore()
    }
  })

  it('a state that cannot be written as text says so, and saving resumes once it can', async () => {
    const state = persistedRef<{ n: number; extra?: unknown }>('t', 1, () => ({ n: 0 }), check)
    let deep: Record<string, unknown> = {}
    for (let i = 0; i < 200_000; i++) deep = { a: deep }
    state.value.extra = deep
    await nextTick()
    expect(persistNotices.value).toEqual([{ key: 't', reason: 'not-written', detail: expect.any(String) }])
    state.value.n = 1
    await nextTick()
    expect(persistNotices.value).toHaveLength(1)
    delete state.value.extra
    await nextTick()
    expect(persistNotices.value).toEqual([])
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}t`) as string)).toEqual({ version: 1, data: { n: 1 } })
  })

  it('a failed save after the notice was dismissed says so again', async () => {
    const state = persistedRef('t', 1, () => ({ n: 0 }), check)
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    try {
      state.value.n = 1
      await nextTick()
      persistNotices.value = []
      state.value.n = 2
      await nextTick()
      expect(persistNotices.value).toEqual([{ key: 't', reason: 'not-saved', detail: 'QuotaExceededError: quota' }])
    } finally {
      setItem.mockRestore()
    }
  })
})
