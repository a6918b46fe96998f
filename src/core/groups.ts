/**
 * Tool groups and rules. A group names tools that belong together and carries the rules a
 * model should follow with them; skill rules are longer guides, inlined when `alwaysLoad`, else
 * stored as rule variables the model reads with ReadVar when it needs them.
 */
import type { ToolCallConfig } from './types'
import type { VariableStore } from './results/variables'

/** A longer guide for a group's tools: in the prompt when `alwaysLoad`, else a rule variable listed in an index. */
export interface SkillRule {
  /** One line for the index and the variable's description. */
  desc: string
  /** The guide itself. */
  prompt: string
  /** When the rule applies, shown in the index. */
  when?: string
  /** Inline it in the prompt instead of storing it as a variable. @default false */
  alwaysLoad?: boolean
}

/** Tools that belong together, switched on and off as one, with the rules a model follows with them. */
export interface ToolGroup {
  /** Unique among groups; the key in `GroupState.groups` and the heading of its rules. */
  name: string
  /** Tool ids. */
  tools: string[]
  /** Rules shown while any of its tools is on; a function gets the names of those tools. */
  rulePrompt?: string | ((enabledToolNames: string[]) => string)
  /** By skill name, the key in its rule variable's name. */
  skillRules?: Record<string, SkillRule>
}

/** Enable state; a group or tool that is not listed is on. */
export interface GroupState {
  groups: Record<string, boolean>
  tools: Record<string, boolean>
}

/** A new state with nothing listed: every group and tool on. */
export function emptyGroupState(): GroupState {
  return { groups: {}, tools: {} }
}

/** Whether a group is on: its switch, else on. */
export function isGroupEnabled(state: GroupState, group: string): boolean {
  return state.groups[group] ?? true
}

/** A tool is on when its own switch is on and no group it belongs to is off. */
export function isToolOn(groups: readonly ToolGroup[], state: GroupState, toolId: string): boolean {
  if (state.tools[toolId] === false) return false
  return groups.every((group) => !group.tools.includes(toolId) || isGroupEnabled(state, group.name))
}

/** The config with tools that groups or tool switches turn off added to its toggles as off. */
export function applyGroupState(
  config: ToolCallConfig,
  groups: readonly ToolGroup[],
  state: GroupState,
  toolIds: readonly string[],
): ToolCallConfig {
  const toggles = { ...config.toolToggles }
  for (const id of toolIds) if (!isToolOn(groups, state, id)) toggles[id] = false
  return { ...config, toolToggles: toggles }
}

/** The text `buildToolRules` always starts with: how results, cuts, variables and `limit` work. */
export const BASE_RULES = [
  '## Rules for using tools',
  '- Only the tools described here exist. Request a tool and wait: its result comes back in the next message, written by the system. Never write a tool result or a "[Tool Execution Log]" block yourself, and never claim a tool ran when it did not.',
  '- Long results are cut. The note after a cut names the variable that keeps the whole result and gives the exact request that reads on from the first character not shown.',
  "- Variables: vars_ReadVar(name, start, length) reads one, vars_ListVars lists them, vars_WriteVar stores text. Put $VAR_REF{{name}} (or $VAR_REF{{name:start:length}} for a part) inside any argument to pass a variable's text without copying it.",
  '- Every call takes an optional "limit": the most characters of its result you want to see (0 or -1: all of it).',
].join('\n')

/** What the names of rule variables start with. */
export const RULE_VARIABLE_PREFIX = 'Rule/'

/** The variable a skill rule is stored in: `Rule/<group>/<skill>`. */
export function ruleVariableName(group: string, skill: string): string {
  return `${RULE_VARIABLE_PREFIX}${group}/${skill}`
}

/**
 * The rules part of the tools prompt: base rules, each enabled group's rule prompt, and an index of
 * skill rules. Rules that are not always loaded are written to `variables` as rule variables.
 */
export function buildToolRules(options: {
  groups: readonly ToolGroup[]
  state: GroupState
  /** Tool ids that are on for this request (after config toggles). */
  enabledToolIds: readonly string[]
  variables?: VariableStore
  /** Display names for tool ids, passed to rule prompt functions. @default the ids */
  toolNames?: Record<string, string>
}): string {
  const sections = [BASE_RULES]
  const index: string[] = []
  for (const group of options.groups) {
    if (!isGroupEnabled(options.state, group.name)) continue
    const enabled = group.tools.filter((id) => options.enabledToolIds.includes(id))
    if (enabled.length === 0) continue
    const names = enabled.map((id) => options.toolNames?.[id] ?? id)
    const rule = typeof group.rulePrompt === 'function' ? group.rulePrompt(names) : group.rulePrompt
    if (rule?.trim()) sections.push(`### ${group.name}\n${rule.trim()}`)
    for (const [skill, entry] of Object.entries(group.skillRules ?? {})) {
      if (entry.alwaysLoad) {
        sections.push(`### ${group.name}: ${skill}\n${entry.prompt.trim()}`)
        continue
      }
      const name = ruleVariableName(group.name, skill)
      options.variables?.set({ name, value: entry.prompt, type: 'rule', desc: entry.desc, tags: ['rule', group.name] })
      index.push(`- "${name}": ${entry.desc}${entry.when ? ` (use when ${entry.when})` : ''}`)
    }
  }
  if (index.length > 0)
    sections.push(`### Skill rules\nRead one with vars_ReadVar when it applies:\n${index.join('\n')}`)
  return sections.join('\n\n')
}
