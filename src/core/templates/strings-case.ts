/**
 * Python's case rules for str methods and jinja2's case filters: title case (ß becomes Ss), the
 * cased-character tests behind isupper, islower and istitle.
 */
import { chargeItems, chargeValues } from './cost'

function isCased(char: string): boolean {
  return char.toLowerCase() !== char.toUpperCase()
}

// The letters whose title case is neither their upper nor their lower case (JS has no toTitleCase).
const TITLE_CASE: Record<string, string> = {
  Ǆ: 'ǅ',
  ǅ: 'ǅ',
  ǆ: 'ǅ',
  Ǉ: 'ǈ',
  ǈ: 'ǈ',
  ǉ: 'ǈ',
  Ǌ: 'ǋ',
  ǋ: 'ǋ',
  ǌ: 'ǋ',
  Ǳ: 'ǲ',
  ǲ: 'ǲ',
  ǳ: 'ǲ',
}

/** Python's title case of one character: ß becomes Ss and ﬁ Fi, not SS and FI. */
function titleChar(char: string): string {
  const special = TITLE_CASE[char]
  if (special !== undefined) return special
  const upper = char.toUpperCase()
  const [first = ''] = upper
  return upper.length > first.length ? first + upper.slice(first.length).toLowerCase() : upper
}

/** Python's str.title(): a cased character after an uncased one starts a word ("they'Re"). */
export function pyTitle(text: string): string {
  chargeValues(text.length)
  let out = ''
  let previousCased = false
  for (const char of text) {
    const cased = isCased(char)
    out += cased ? (previousCased ? char.toLowerCase() : titleChar(char)) : char
    previousCased = cased
  }
  return out
}

export function capitalize(text: string): string {
  const code = text.codePointAt(0)
  const first = code === undefined ? '' : String.fromCodePoint(code)
  return (first && titleChar(first)) + text.slice(first.length).toLowerCase()
}

/** Python's str.istitle(): upper (or title) case only after uncased characters, lower only after cased. */
export function isTitle(text: string): boolean {
  chargeItems(text.length)
  let previousCased = false
  let any = false
  for (const char of text) {
    const upper = char !== char.toLowerCase()
    const lower = char !== char.toUpperCase()
    if (upper) {
      if (previousCased) return false
      any = true
    } else if (lower && !previousCased) return false
    previousCased = upper || lower
  }
  return any
}

function casedTest(text: string, upper: boolean): boolean {
  chargeItems(2 * text.length)
  let anyCased = false
  for (const char of text) {
    if (!isCased(char)) continue
    anyCased = true
    if ((upper ? char.toUpperCase() : char.toLowerCase()) !== char) return false
  }
  return anyCased
}

export function isLower(text: string): boolean {
  return casedTest(text, false)
}

export function isUpper(text: string): boolean {
  return casedTest(text, true)
}

/** Jinja's own `|title` filter (not str.title): words start after spaces, dashes and brackets. */
export function jinjaTitle(text: string): string {
  chargeValues(text.length)
  return (
    text
      .split(/([-\s({[<]+)/)
      .filter((item) => item !== '')
      // upper(), not title case: jinja2 writes item[0].upper() + item[1:].lower()
      .map((item) => {
        const [first = ''] = item
        return first.toUpperCase() + item.slice(first.length).toLowerCase()
      })
      .join('')
  )
}
