import { describe, expect, it } from 'vitest'
import { createDateTimeTool } from '../../src/tools'
import { caller } from './helpers'

const fixed = Date.UTC(2026, 10, 22, 3, 4, 5)
const call = caller(createDateTimeTool(() => fixed))
const json = async (name: string, args: Record<string, string>) =>
  JSON.parse((await call(name, args)).result) as unknown

describe('datetime tool', () => {
  it('now, in UTC and in a zone', async () => {
    expect(await json('datetime_now', {})).toEqual({
      iso: '2026-11-22T03:04:05.000Z',
      epochMs: fixed,
      timeZone: 'UTC',
      local: '2026-11-22 03:04:05',
      weekday: 'Sunday',
      offset: '+00:00',
    })
    expect(await json('datetime_now', { timeZone: 'Asia/Shanghai' })).toMatchObject({
      local: '2026-11-22 11:04:05',
      offset: '+08:00',
    })
  })
  it('converts, adds (month ends kept) and diffs', async () => {
    expect(
      await json('datetime_convert', { date: '2026-03-01T12:00:00Z', timeZone: 'America/New_York' }),
    ).toMatchObject({ local: '2026-03-01 07:00:00', weekday: 'Sunday', offset: '-05:00' })
    expect((await call('datetime_add', { date: '2026-01-31T00:00:00Z', amount: '1', unit: 'months' })).result).toBe(
      '2026-02-28T00:00:00.000Z',
    )
    expect((await call('datetime_add', { date: '2026-01-31T00:00:00Z', amount: '-36', unit: 'hours' })).result).toBe(
      '2026-01-29T12:00:00.000Z',
    )
    expect((await call('datetime_diff', { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' })).result).toBe(
      '59',
    )
  })
  it('says what is wrong with a date or a zone', async () => {
    expect((await call('datetime_convert', { date: 'yesterday' })).result).toBe(
      '"datetime_convert" failed: date "yesterday" is not a date: use ISO 8601 such as 2026-03-01T12:00:00Z, or epoch milliseconds.',
    )
    expect((await call('datetime_now', { timeZone: 'Mars/Olympus' })).result).toBe(
      '"datetime_now" failed: "Mars/Olympus" is not a known time zone: use an IANA name such as "Europe/Paris" or "UTC".',
    )
    expect((await call('datetime_add', { date: '2026-01-01', amount: '1.5', unit: 'months' })).result).toBe(
      '"datetime_add" failed: months must be added in whole numbers, got 1.5.',
    )
  })
})
