/** The `datetime` tool: the current time, time zones and date arithmetic. Its metadata is in ./datetime-methods. */
import type { ToolRegistry } from '../core'
import { dateTimeMethods, UNITS_MS } from './datetime-methods'

/** `datetime`: the current time, time zones, and date arithmetic (Intl, no libraries). */
export function createDateTimeTool(clock: () => number = Date.now): ToolRegistry {
  return {
    id: 'datetime',
    name: 'Date and time',
    description: 'Current date and time in any IANA time zone, formatting, and date arithmetic.',
    getMetadata: () => ({ methods: dateTimeMethods() }),
    now(args: { timeZone: string }) {
      const instant = clock()
      return { iso: new Date(instant).toISOString(), epochMs: instant, ...wallClock(instant, args.timeZone) }
    },
    convert,
    add,
    diff,
  }
}

/** `datetime_convert`: a date as wall-clock time in a time zone. */
function convert(args: { date: string; timeZone: string }) {
  const instant = parseDate(args.date, 'date')
  return { iso: new Date(instant).toISOString(), ...wallClock(instant, args.timeZone) }
}

/** `datetime_add`: a date moved by an amount of a unit; months and years keep the day of month where it exists. */
function add(args: { date: string; amount: number; unit: string }): string {
  const date = new Date(parseDate(args.date, 'date'))
  if (args.unit === 'months' || args.unit === 'years') {
    const months = args.unit === 'years' ? args.amount * 12 : args.amount
    if (!Number.isInteger(months)) throw new Error(`${args.unit} must be added in whole numbers, got ${args.amount}.`)
    const day = date.getUTCDate()
    date.setUTCDate(1)
    date.setUTCMonth(date.getUTCMonth() + months)
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
    date.setUTCDate(Math.min(day, lastDay))
    return date.toISOString()
  }
  return new Date(date.getTime() + args.amount * (UNITS_MS[args.unit] as number)).toISOString()
}

/** `datetime_diff`: the time from one date to another in a fixed-length unit. */
function diff(args: { from: string; to: string; unit: string }): number {
  return (parseDate(args.to, 'to') - parseDate(args.from, 'from')) / (UNITS_MS[args.unit] as number)
}

function parseDate(text: string, name: string): number {
  const trimmed = text.trim()
  const instant = /^-?\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed)
  if (!Number.isFinite(instant) || Math.abs(instant) > 8.64e15)
    throw new Error(
      `${name} "${text}" is not a date: use ISO 8601 such as 2026-03-01T12:00:00Z, or epoch milliseconds.`,
    )
  return instant
}

function wallClock(
  instant: number,
  timeZone: string,
): { timeZone: string; local: string; weekday: string; offset: string } {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    }).formatToParts(instant)
  } catch {
    throw new Error(`"${timeZone}" is not a known time zone: use an IANA name such as "Europe/Paris" or "UTC".`)
  }
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? ''
  const offset = get('timeZoneName').replace('GMT', '') || '+00:00'
  return {
    timeZone,
    local: `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`,
    weekday: get('weekday'),
    offset,
  }
}
