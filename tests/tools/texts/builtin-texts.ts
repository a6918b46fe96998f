/** Every English text of a tool or a group that people see, with its key (see src/tools/texts/keys). */
import type { MethodParameter, ToolGroup, ToolRegistry } from '../../../src/core'
import {
  groupNameKey,
  groupRuleKey,
  methodDescriptionKey,
  methodDisplayNameKey,
  methodReturnsKey,
  paramDescriptionKey,
  SKILL_FIELDS,
  skillTextKey,
  toolDescriptionKey,
  toolNameKey,
} from '../../../src/tools/texts'

/** One English text and its key. */
export interface KeyedText {
  key: string
  english: string
}

function parameterTexts(toolId: string, method: string, parameter: MethodParameter, path: string): KeyedText[] {
  const own = parameter.description
    ? [{ key: paramDescriptionKey(toolId, method, path), english: parameter.description }]
    : []
  const nested = (parameter.properties ?? []).flatMap((p) => parameterTexts(toolId, method, p, `${path}.${p.name}`))
  const items = parameter.items ? parameterTexts(toolId, method, parameter.items, `${path}[]`) : []
  return [...own, ...nested, ...items]
}

/** A tool's name, description, and each method's label, description, returns and parameters. */
export function toolTexts(tool: ToolRegistry): KeyedText[] {
  const texts: KeyedText[] = [{ key: toolNameKey(tool.id), english: tool.name }]
  if (tool.description) texts.push({ key: toolDescriptionKey(tool.id), english: tool.description })
  for (const method of tool.getMetadata().methods) {
    const { name } = method
    if (method.displayName) texts.push({ key: methodDisplayNameKey(tool.id, name), english: method.displayName })
    texts.push({ key: methodDescriptionKey(tool.id, name), english: method.description })
    if (method.returns?.description)
      texts.push({ key: methodReturnsKey(tool.id, name), english: method.returns.description })
    texts.push(...method.parameters.flatMap((p) => parameterTexts(tool.id, name, p, p.name)))
  }
  return texts
}

/** A group's name, its rule with every one of its tools on, and its skill rules' fields. */
export function groupTexts(group: ToolGroup): KeyedText[] {
  const rule = typeof group.rulePrompt === 'function' ? group.rulePrompt(group.tools) : group.rulePrompt
  const texts: KeyedText[] = [{ key: groupNameKey(group.name), english: group.name }]
  if (rule) texts.push({ key: groupRuleKey(group.name), english: rule })
  for (const [skillId, skill] of Object.entries(group.skillRules ?? {})) {
    for (const field of SKILL_FIELDS) {
      const english = skill[field]
      if (english) texts.push({ key: skillTextKey(group.name, skillId, field), english })
    }
  }
  return texts
}

/** Removes `{ ... }` and `[ ... ]` shapes, innermost first. */
function withoutShapes(text: string): string {
  let rest = text
  for (let before = ''; before !== rest; ) {
    before = rest
    rest = rest.replace(/\{[^{}]*\}/g, '').replace(/\[[^[\]]*\]/g, '')
  }
  return rest
}

/** Whether a text has words to translate: a bare shape such as `{ path, size, modified }` has none. */
export function needsTranslation(english: string): boolean {
  return /[A-Za-z]{2,}/.test(withoutShapes(english))
}

const KEPT_TOKENS = [
  /\$VAR_REF\{\{[^}]*\}\}/g, // variable references
  /`[^`]*`/g, // code in backticks
  /"[^"]*"/g, // quoted paths, examples, zone names and parameter names
  /\b[a-z]+_[A-Za-z]+\b/g, // routing names such as fs_read
  /\b[a-z]+[A-Z]\w*\b/g, // camelCase identifiers such as exportAll
  /\b[A-Z][a-z]+[A-Z]\w*\b/g, // PascalCase names such as ReadVar, JavaScript
  /\b[A-Z][A-Z0-9]+\b/g, // acronyms and units such as JSON, UTF, MB
  /\d+/g, // numbers and limits
]

/** What a translation must keep exactly as the English writes it: code, names, references, numbers. */
export function keptTokens(english: string): string[] {
  return [...new Set(KEPT_TOKENS.flatMap((pattern) => english.match(pattern) ?? []))]
}
