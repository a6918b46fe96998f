/**
 * Python's `datetime.strftime` in the C locale (English names), as `strftime_now` formats the time,
 * with glibc's `%-d` style flags that Linux hosts accept. Local time, as `datetime.now()` gives it.
 */
import { replaceEach } from './cost'

const DIRECTIVE = /%([-_0^#]?)([a-zA-Z%])/g
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

function dayOfYear(date: Date): number {
  const start = new Date(date.getFullYear(), 0, 1)
  const today = new Date(date.getFullYear(), date.getMonth(), date.getDate())
  return Math.round((today.getTime() - start.getTime()) / 86_400_000) + 1
}

/** Week of the year, the first week starting on the first `weekStart` day (0 Sunday, 1 Monday). */
function weekOfYear(date: Date, weekStart: number): number {
  const weekday = (date.getDay() + 7 - weekStart) % 7
  return Math.floor((dayOfYear(date) - 1 - weekday + 7) / 7)
}

/** ISO 8601 year and week: weeks start on Monday, and week 1 holds the year's first Thursday. */
function isoWeek(date: Date): [year: number, week: number] {
  const thursday = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((date.getDay() + 6) % 7))
  const year = thursday.getUTCFullYear()
  return [year, Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1]
}

function field(date: Date, code: string): [value: string | number, width: number] | undefined {
  const hour12 = date.getHours() % 12 || 12
  switch (code) {
    case 'a':
      return [DAYS[date.getDay()]?.slice(0, 3) ?? '', 0]
    case 'A':
      return [DAYS[date.getDay()] ?? '', 0]
    case 'b':
    case 'h':
      return [MONTHS[date.getMonth()]?.slice(0, 3) ?? '', 0]
    case 'B':
      return [MONTHS[date.getMonth()] ?? '', 0]
    case 'd':
      return [date.getDate(), 2]
    case 'e':
      return [String(date.getDate()).padStart(2, ' '), 0]
    case 'f':
      return [String(date.getMilliseconds() * 1000).padStart(6, '0'), 0]
    case 'H':
      return [date.getHours(), 2]
    case 'I':
      return [hour12, 2]
    case 'j':
      return [dayOfYear(date), 3]
    case 'm':
      return [date.getMonth() + 1, 2]
    case 'M':
      return [date.getMinutes(), 2]
    case 'p':
      return [date.getHours() < 12 ? 'AM' : 'PM', 0]
    case 'S':
      return [date.getSeconds(), 2]
    case 'u':
      return [date.getDay() || 7, 1]
    case 'w':
      return [date.getDay(), 1]
    case 'U':
      return [weekOfYear(date, 0), 2]
    case 'W':
      return [weekOfYear(date, 1), 2]
    case 'y':
      return [date.getFullYear() % 100, 2]
    case 'Y':
      return [date.getFullYear(), 0]
    case 'C':
      return [Math.floor(date.getFullYear() / 100), 2]
    case 'G':
      return [isoWeek(date)[0], 0]
    case 'g':
      return [isoWeek(date)[0] % 100, 2]
    case 'V':
      return [isoWeek(date)[1], 2]
    case 'Z':
    case 'z':
      return ['', 0]
    case 'c':
      return [strftime(date, '%a %b %e %H:%M:%S %Y'), 0]
    case 'x':
    case 'D':
      return [strftime(date, '%m/%d/%y'), 0]
    case 'X':
    case 'T':
      return [strftime(date, '%H:%M:%S'), 0]
    case 'F':
      return [strftime(date, '%Y-%m-%d'), 0]
    case 'R':
      return [strftime(date, '%H:%M'), 0]
    case 'n':
      return ['\n', 0]
    case 't':
      return ['\t', 0]
    case '%':
      return ['%', 0]
  }
  return undefined
}

export function strftime(date: Date, format: string): string {
  // A directive repeated is worked out once (`%c` alone is a dozen Date calls).
  const known = new Map<string, string>()
  return replaceEach(format, DIRECTIVE, ([whole, flag = '', code = '']) => {
    let text = known.get(whole)
    if (text === undefined) {
      text = directive(date, whole, flag, code)
      known.set(whole, text)
    }
    return text
  })
}

function directive(date: Date, whole: string, flag: string, code: string): string {
  const found = field(date, code)
  if (!found) return whole
  const [value, width] = found
  const text = String(value)
  if (typeof value !== 'number' || width === 0) return flag === '^' ? text.toUpperCase() : text
  if (flag === '-') return text
  return text.padStart(width, flag === '_' ? ' ' : '0')
}
