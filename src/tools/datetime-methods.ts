/** The methods of the `datetime` tool as a model and the workbench see them, and the units it counts in. */
import type { MethodMetadata } from '../core'

/** Milliseconds per fixed-length unit; months and years have no fixed length. */
export const UNITS_MS: Record<string, number> = {
  milliseconds: 1,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
}
const UNITS = [...Object.keys(UNITS_MS), 'months', 'years']

/** Every method of the `datetime` tool, made anew on each call. */
export function dateTimeMethods(): MethodMetadata[] {
  return [
    {
      name: 'now',
      displayName: 'Current time',
      description: 'The current instant as ISO 8601 (UTC), epoch milliseconds, and the wall-clock time in a time zone.',
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
  ]
}
