/**
 * The built-in tools' texts in Chinese: every table of ./zh-*.ts under one lookup, with the slot
 * translators of the texts that vary (where files are stored, how the sandbox is isolated).
 */
import { translateLines, translatePair, type SlotTranslators, type TextTable } from './table'
import { groupRuleKey } from './keys'
import { chineseFileLocation, FILES_ZH } from './zh-files'
import { chineseIsolation, COMPUTE_ZH } from './zh-compute'
import { DATETIME_ZH, TEXT_ZH } from './zh-text-time'
import { GROUPS_ZH, VARS_ZH } from './zh-vars-groups'
import { syntheticChinese } from './zh-synthetic'

/** Every Chinese text pair of the built-in tools and groups, by key (see ./keys). */
export const TOOL_TEXTS_ZH: TextTable = {
  ...FILES_ZH,
  ...COMPUTE_ZH,
  ...TEXT_ZH,
  ...DATETIME_ZH,
  ...VARS_ZH,
  ...GROUPS_ZH,
}

const SLOTS_ZH: SlotTranslators = { location: chineseFileLocation, isolation: chineseIsolation }

/**
 * The Chinese of the text under `key` when `english` is the built-in text the table was made from
 * (or one a synthetic tool generates); undefined otherwise, so the caller shows the English.
 */
export function chineseToolText(key: string, english: string): string | undefined {
  return translatePair(TOOL_TEXTS_ZH, SLOTS_ZH, key, english) ?? syntheticChinese(key, english)
}

/**
 * The Chinese of a built-in group's rule prompt as it is now (`english` may hold only the lines of
 * the tools that are on); undefined when a line is not one of the group's.
 */
export function chineseGroupRule(group: string, english: string): string | undefined {
  return translateLines(TOOL_TEXTS_ZH, groupRuleKey(group), english)
}
