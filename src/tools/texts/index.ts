/**
 * The built-in tools' texts in the interface's language. The model always reads the English; these
 * functions give people the same text in their language, by the text's key (see ./keys).
 */
import { chineseGroupRule, chineseToolText } from './zh'

export {
  groupNameKey,
  groupRuleKey,
  LIMIT_PARAM_KEY,
  methodDescriptionKey,
  methodDisplayNameKey,
  methodReturnsKey,
  paramDescriptionKey,
  SKILL_FIELDS,
  skillTextKey,
  toolDescriptionKey,
  toolNameKey,
  type SkillField,
} from './keys'

/** Whether a locale (`zh`, `zh-CN`, ...) reads Chinese. */
export function isChineseLocale(locale: string): boolean {
  return locale.toLowerCase().startsWith('zh')
}

/**
 * The text under `key` in `locale`: its translation when the locale has one for exactly this
 * English, else `english` as given (a user's or an MCP server's tool keeps its own words).
 */
export function localizeToolText(locale: string, key: string, english: string): string {
  return (isChineseLocale(locale) && chineseToolText(key, english)) || english
}

/**
 * A group's rule prompt in `locale`: `english` is the rule as it is now (only the lines of the tools
 * that are on); it comes back as given when the locale has no translation of every line.
 */
export function localizeGroupRule(locale: string, group: string, english: string): string {
  if (english === '') return english
  return (isChineseLocale(locale) && chineseGroupRule(group, english)) || english
}
