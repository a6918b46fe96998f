/**
 * A translation table of the built-in tools' texts: by key, the English the model reads and its
 * translation. A translation is used only while the English it was made from is the English given,
 * so a changed text, or a user's tool that happens to share an id, keeps its own words.
 */

/** The English text and its translation. `%{slot}` in both marks a part that varies (a storage location). */
export type TextPair = readonly [english: string, translation: string]

/** Text pairs by key (see ./keys). */
export type TextTable = Readonly<Record<string, TextPair>>

/** Translates the value of one slot; a value it does not know comes back as it is. */
export type SlotTranslator = (value: string) => string

/** Slot translators by slot name. */
export type SlotTranslators = Readonly<Record<string, SlotTranslator>>

const SLOT = /%\{(\w+)\}/g

/** The pair under `key`, if the table has one of its own (not an inherited property). */
export function pairOf(table: TextTable, key: string): TextPair | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The slot values of `english` when it matches the pattern `template`, else undefined. */
function slotValues(template: string, english: string): Map<string, string> | undefined {
  const names: string[] = []
  const source = template
    .split(SLOT)
    .map((part, index) => (index % 2 === 1 ? (names.push(part), '([\\s\\S]*?)') : escapeRegExp(part)))
    .join('')
  const match = new RegExp(`^${source}$`).exec(english)
  if (!match) return undefined
  return new Map(names.map((name, index) => [name, match[index + 1] ?? '']))
}

/**
 * The translation of `english` under `key`: the pair's translation when its English is `english`
 * (slots filled with their values, each translated by `slots` when it has a translator), else undefined.
 */
export function translatePair(
  table: TextTable,
  slots: SlotTranslators,
  key: string,
  english: string,
): string | undefined {
  const pair = pairOf(table, key)
  if (!pair) return undefined
  const [template, translation] = pair
  if (!template.includes('%{')) return template === english ? translation : undefined
  const values = slotValues(template, english)
  if (!values) return undefined
  return translation.replace(SLOT, (_, name: string) => {
    const value = values.get(name) ?? ''
    const translate = pairOfSlot(slots, name)
    return translate ? translate(value) : value
  })
}

function pairOfSlot(slots: SlotTranslators, name: string): SlotTranslator | undefined {
  return Object.prototype.hasOwnProperty.call(slots, name) ? slots[name] : undefined
}

/**
 * The translation of a text made of some of the lines of the pair under `key` (a rule prompt that
 * holds only the lines of the tools that are on): each line translated by its line in the pair.
 * Undefined when any line is not one of the pair's.
 */
export function translateLines(table: TextTable, key: string, english: string): string | undefined {
  const pair = pairOf(table, key)
  if (!pair) return undefined
  if (pair[0] === english) return pair[1]
  const englishLines = pair[0].split('\n')
  const translatedLines = pair[1].split('\n')
  if (englishLines.length !== translatedLines.length) return undefined
  const byLine = new Map(englishLines.map((line, index) => [line, translatedLines[index] as string]))
  const lines = english.split('\n').map((line) => byLine.get(line))
  return lines.every((line): line is string => line !== undefined) ? lines.join('\n') : undefined
}
