/**
 * The string formats an elicitation may ask for, checked as a form checks them: strict enough to
 * catch a slip of the keyboard, never a full parser. Each check is linear in the text.
 */
import type { ElicitationFormat } from './elicitation-field'

// One "@", no spaces, and a dot in the domain: what a person's address looks like.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
// A scheme, a colon, and no spaces (RFC 3986's shape; `mailto:` and `urn:` count).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
// RFC 3339: a date, "T", a time with seconds, and a zone.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/

/** Whether `text` is written in `format`. */
export function matchesFormat(format: ElicitationFormat, text: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(text)
    case 'uri':
      return URI.test(text)
    case 'date':
      return isCalendarDate(text)
    case 'date-time':
      return isDateTime(text)
  }
}

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-29). */
function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  return day <= daysInMonth
}

function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text)
  if (!match || !isCalendarDate(match[1] ?? '')) return false
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])]
  // 60 seconds: a leap second.
  if (hours > 23 || minutes > 59 || seconds > 60) return false
  if (match[7] !== undefined && (Number(match[7]) > 23 || Number(match[8]) > 59)) return false
  return true
}
