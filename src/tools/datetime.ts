import type { ToolRegistry } from '../core'

const UNITS_MS: Record<string, number> = {
  milliseconds: 1,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
}
const UNITS = [...Object.keys(UNITS_MS), 'months', 'years']

/** `datetime`: the current time, time zones, and date arithmetic (Intl, no libraries). */
export function createDateTimeTool(clock: () => number = Date.now): ToolRegistry {
  return {
    id: 'datetime',
    name: 'Date and time',
    description: 'Current date and time in any IANA time zone, formatting, and date arithmetic.',
    getMetadata: () => ({
      methods: [
        {
          name: 'now',
          displayName: 'Current time',
          description:
            'The current instant as ISO 8601 (UTC), epoch milliseconds, and the wall-clock time in a time zone.',
          agentCallable: true,
          parameters: [
            {
              name: 'timeZone',
              type: 'string',
              required: false,
              defaultValue: 'UTC',
              description: 'An IANA zone such as "Asia/Shanghai".',
            },
          ],
          returns: { type: 'object' },
          example: JSON.stringify({ timeZone: 'Asia/Shanghai' }),
        },
        {
          name: 'convert',
          displayName: 'Show a date in a time zone',
          description:
            'Shows an ISO 8601 date (or epoch milliseconds) as wall-clock time in a time zone, with the weekday and UTC offset.',
          agentCallable: true,
          parameters: [
            {
              name: 'date',
              type: 'string',
              description: 'ISO 8601, e.g. "2026-03-01T12:00:00Z", or epoch milliseconds.',
            },
            { name: 'timeZone', type: 'string', required: false, defaultValue: 'UTC' },
          ],
          returns: { type: 'object' },
          example: JSON.stringify({ date: '2026-03-01T12:00:00Z', timeZone: 'America/New_York' }),
        },
        {
          name: 'add',
          displayName: 'Add to a date',
          description:
            'Adds an amount of a unit to a date (negative amounts subtract). Months and years keep the day of month where it exists, in UTC.',
          agentCallable: true,
          parameters: [
            { name: 'date', type: 'string' },
            { name: 'amount', type: 'number' },
            { name: 'unit', type: 'enum', enumValues: UNITS },
          ],
          returns: { type: 'string', description: 'ISO 8601 (UTC)' },
          example: JSON.stringify({ date: '2026-01-31T00:00:00Z', amount: 1, unit: 'days' }),
        },
        {
          name: 'diff',
          displayName: 'Time between dates',
          description: 'The time from one date to another in a unit (positive when "to" is later).',
          agentCallable: true,
          parameters: [
            { name: 'from', type: 'string' },
            { name: 'to', type: 'string' },
            { name: 'unit', type: 'enum', enumValues: Object.keys(UNITS_MS), required: false, defaultValue: 'days' },
          ],
          returns: { type: 'number' },
          example: JSON.stringify({ from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z', unit: 'days' }),
        },
      ],
    }),
    now(args: { timeZone: string }) {
      const instant = clock()
      return { iso: new Date(instant).toISOString(), epochMs: instant, ...wallClock(instant, args.timeZone) }
    },
    convert(args: { date: string; timeZone: string }) {
      const instant = parseDate(args.date, 'date')
      return { iso: new Date(instant).toISOString(), ...wallClock(instant, args.timeZone) }
    },
    add(args: { date: string; amount: number; unit: string }) {
      const date = new Date(parseDate(args.date, 'date'))
      if (args.unit === 'months' || args.unit === 'years') {
        const months = args.unit === 'years' ? args.amount * 12 : args.amount
        if (!Number.isInteger(months))
          throw new Error(`${args.unit} must be added in whole numbers, got ${args.amount}.`)
        const day = date.getUTCDate()
        date.setUTCDate(1)
        date.setUTCMonth(date.getUTCMonth() + months)
        const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
        date.setUTCDate(Math.min(day, lastDay))
        return date.toISOString()
      }
      return new Date(date.getTime() + args.amount * (UNITS_MS[args.unit] as number)).toISOString()
    },
    diff(args: { from: string; to: string; unit: string }) {
      return (parseDate(args.to, 'to') - parseDate(args.from, 'from')) / (UNITS_MS[args.unit] as number)
    },
  }
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
