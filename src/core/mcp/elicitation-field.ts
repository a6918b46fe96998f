/**
 * The parts of one elicitation field's schema that need care: its choices (plain `enum`, titled
 * `oneOf`/`anyOf` of `const` and `title`, the older `enumNames`, and their multi-select arrays),
 * its string format and its numeric limits. Each reader takes server data and never throws.
 */
import { isRecord } from '../own-record'
import { capDescription } from './schema-limits'
import { cleanServerText } from './server-text'

/** Choices past this many are refused: no one picks from them, and reading them would stall the page. */
export const MAX_ELICITATION_CHOICES = 10_000
/** Characters of a choice's label. */
const MAX_CHOICE_LABEL = 200

/** The string formats an elicitation field may ask for. */
export type ElicitationFormat = 'email' | 'uri' | 'date' | 'date-time'
const FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time']

/** One choice: what is sent back, and the unique text the person picks it by. */
export interface ElicitationChoice {
  value: string
  label: string
}

/** What a schema says about choices: none, one of them, several, too many, or something unreadable. */
export type ChoicesReading =
  | { kind: 'none' }
  | { kind: 'choice' | 'choices'; choices: ElicitationChoice[] }
  | { kind: 'tooMany'; count: number }
  | { kind: 'invalid' }

/** The choices of a field's schema; `choices` for an array of them (multi-select). */
export function readChoices(schema: Record<string, unknown>): ChoicesReading {
  const multiple = schema.type === 'array'
  const source = multiple ? (isRecord(schema.items) ? schema.items : {}) : schema
  const count = optionCount(source)
  if (count > MAX_ELICITATION_CHOICES) return { kind: 'tooMany', count }
  const list = choiceList(source)
  if (list) return { kind: multiple ? 'choices' : 'choice', choices: labelled(list) }
  // An array of anything but choices is not an elicitation field.
  return list === null || multiple ? { kind: 'invalid' } : { kind: 'none' }
}

type RawChoice = { value: string; title?: string }

/** How many options the schema lists (`enum`, else `oneOf`, else `anyOf`). */
function optionCount(schema: Record<string, unknown>): number {
  const list = Array.isArray(schema.enum) ? schema.enum : titledOptions(schema)
  return list?.length ?? 0
}

function titledOptions(schema: Record<string, unknown>): unknown[] | undefined {
  return Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
}

/** The raw choices of a schema; undefined when it names none, null when they cannot be read. */
function choiceList(schema: Record<string, unknown>): RawChoice[] | null | undefined {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum
    if (values.length === 0 || !values.every((v): v is string => typeof v === 'string')) return null
    const names = Array.isArray(schema.enumNames) && schema.enumNames.length === values.length ? schema.enumNames : []
    return values.map((value, i) => {
      const title = names[i]
      return typeof title === 'string' ? { value, title } : { value }
    })
  }
  const titled = titledOptions(schema)
  if (!titled) return undefined
  const out: RawChoice[] = []
  for (const option of titled) {
    if (!isRecord(option) || typeof option.const !== 'string') return null
    out.push(typeof option.title === 'string' ? { value: option.const, title: option.title } : { value: option.const })
  }
  return out.length > 0 ? out : null
}

/** Each value once (the first wins), each with a cleaned label no other choice has. */
function labelled(list: RawChoice[]): ElicitationChoice[] {
  const seenValues = new Set<string>()
  const seenLabels = new Set<string>()
  const out: ElicitationChoice[] = []
  for (const { value, title } of list) {
    if (seenValues.has(value)) continue
    seenValues.add(value)
    const base = capDescription(cleanServerText(title || value), MAX_CHOICE_LABEL).text || '""'
    let label = base
    // Two choices shown alike could not be told apart, nor mapped back: the later ones are numbered.
    for (let n = 2; seenLabels.has(label); n++) label = `${base} (${n})`
    seenLabels.add(label)
    out.push({ value, label })
  }
  return out
}

/** A known format, or undefined (an unknown one is not checked here). */
export function readFormat(format: unknown): ElicitationFormat | undefined {
  return typeof format === 'string' && FORMATS.includes(format) ? (format as ElicitationFormat) : undefined
}

/** A finite number (a whole one, not negative, with `whole`), or undefined. */
export function readNumber(value: unknown, options: { whole?: boolean } = {}): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
  if (options.whole && (!Number.isInteger(value) || value < 0)) return undefined
  return value
}
