/**
 * The built-in tools' and groups' texts in the interface's language. The model always reads the
 * English; people see a translation when the locale has one for exactly that English, and every
 * other text (a user's tool, an MCP server's) as it was written.
 */
import { toValue, type MaybeRefOrGetter } from 'vue'
import { useI18n } from 'vue-i18n'
import {
  groupNameKey,
  LIMIT_PARAM_KEY,
  localizeGroupRule,
  localizeToolText,
  methodDescriptionKey,
  methodDisplayNameKey,
  methodReturnsKey,
  paramDescriptionKey,
  skillTextKey,
  toolDescriptionKey,
  toolNameKey,
  type SkillField,
} from '../tools/texts'

/** The name of the parameter every method gets unless it declares its own (`LIMIT_PARAMETER`). */
const LIMIT_PARAM_NAME = 'limit'

/** Options of `useToolTexts`. */
export interface UseToolTextsOptions {
  /** The interface's locale (`en`, `zh`, ...). @default vue-i18n's `useI18n().locale` */
  locale?: MaybeRefOrGetter<string>
}

/** Each function reads the locale when called, so a template that calls it follows a language switch. */
export interface UseToolTextsReturn {
  /** A tool's name. */
  toolName(tool: { id: string; name: string }): string
  /** A tool's description; '' when it has none. */
  toolDescription(tool: { id: string; description?: string }): string
  /** A method's label for people (`MethodMetadata.displayName`). */
  methodDisplayName(toolId: string, method: string, english: string): string
  /** A method's description. */
  methodDescription(toolId: string, method: string, english: string): string
  /** The description of what a method returns (`MethodMetadata.returns.description`). */
  methodReturns(toolId: string, method: string, english: string): string
  /**
   * A parameter's description; `param` is its name, or its path when nested (`filter.search`,
   * `tags[]`). The `limit` parameter every method gets is recognised by its name and text.
   */
  paramDescription(toolId: string, method: string, param: string, english: string): string
  /** A group's name. */
  groupName(name: string): string
  /** A group's rule prompt as it is now (only the lines of the tools that are on). */
  groupRule(group: string, english: string): string
  /** One field of a group's skill rule. */
  skillText(group: string, skillId: string, field: SkillField, english: string): string
}

/**
 * The built-in tools' texts in the interface's language. Without `options.locale` it must run in a
 * component's `setup` under vue-i18n (it calls `useI18n()`).
 */
export function useToolTexts(options: UseToolTextsOptions = {}): UseToolTextsReturn {
  const locale = options.locale ?? useI18n().locale
  const text = (key: string, english: string): string => localizeToolText(toValue(locale), key, english)
  return {
    toolName: (tool) => text(toolNameKey(tool.id), tool.name),
    toolDescription: (tool) => text(toolDescriptionKey(tool.id), tool.description ?? ''),
    methodDisplayName: (toolId, method, english) => text(methodDisplayNameKey(toolId, method), english),
    methodDescription: (toolId, method, english) => text(methodDescriptionKey(toolId, method), english),
    methodReturns: (toolId, method, english) => text(methodReturnsKey(toolId, method), english),
    paramDescription: (toolId, method, param, english) => {
      const own = text(paramDescriptionKey(toolId, method, param), english)
      return own === english && param === LIMIT_PARAM_NAME ? text(LIMIT_PARAM_KEY, english) : own
    },
    groupName: (name) => text(groupNameKey(name), name),
    groupRule: (group, english) => localizeGroupRule(toValue(locale), group, english),
    skillText: (group, skillId, field, english) => text(skillTextKey(group, skillId, field), english),
  }
}
