/**
 * The keys of the built-in tools' texts. A key names one English text the model reads (a tool's
 * name, a method's description, a group's rule); translation tables are keyed by them, so the
 * English stays what the model receives and the interface looks up its own language's words.
 */

/** The fields of a skill rule that carry text for people. */
export type SkillField = 'desc' | 'when' | 'prompt'

/** The skill rule fields, in the order they are shown. */
export const SKILL_FIELDS: readonly SkillField[] = ['desc', 'when', 'prompt']

/** `tool.<toolId>.name`: a tool's name. */
export function toolNameKey(toolId: string): string {
  return `tool.${toolId}.name`
}

/** `tool.<toolId>.description`: a tool's description. */
export function toolDescriptionKey(toolId: string): string {
  return `tool.${toolId}.description`
}

/** `method.<toolId>_<method>.description`: a method's description, by its routing name. */
export function methodDescriptionKey(toolId: string, method: string): string {
  return `method.${toolId}_${method}.description`
}

/** `method.<toolId>_<method>.displayName`: a method's label for people. */
export function methodDisplayNameKey(toolId: string, method: string): string {
  return `method.${toolId}_${method}.displayName`
}

/** `method.<toolId>_<method>.returns`: the description of what a method returns. */
export function methodReturnsKey(toolId: string, method: string): string {
  return `method.${toolId}_${method}.returns`
}

/**
 * `param.<toolId>_<method>.<param>`: a parameter's description. A nested parameter is named by its
 * path: `filter.search` for a property, `tags[]` for an array's items.
 */
export function paramDescriptionKey(toolId: string, method: string, param: string): string {
  return `param.${toolId}_${method}.${param}`
}

/** The key of the `limit` parameter every method gets unless it declares its own. */
export const LIMIT_PARAM_KEY = 'param.limit'

/** `group.<group name>.name`: a group's name. */
export function groupNameKey(group: string): string {
  return `group.${group}.name`
}

/** `group.<group name>.rule`: a group's rule prompt, with every one of its tools on. */
export function groupRuleKey(group: string): string {
  return `group.${group}.rule`
}

/** `group.<group name>.skill.<skillId>.<field>`: one field of a group's skill rule. */
export function skillTextKey(group: string, skillId: string, field: SkillField): string {
  return `group.${group}.skill.${skillId}.${field}`
}
