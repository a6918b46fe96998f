/** Tool groups and their enable state (per group and per tool), saved for the whole workbench. */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { emptyGroupState, isGroupEnabled, isToolOn, type GroupState, type ToolGroup } from '../core'
import { isRecord } from '../core/internal'
import { BUILTIN_GROUPS } from '../tools/groups'
import { persistedRef } from '../persistence/persisted'

const isBooleanRecord = (value: unknown): value is Record<string, boolean> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'boolean')

export const useGroupsStore = defineStore('groups', () => {
  const state = persistedRef<GroupState>('groups', 1, emptyGroupState, (data) =>
    isRecord(data) && isBooleanRecord(data.groups) && isBooleanRecord(data.tools)
      ? (data as unknown as GroupState)
      : null,
  )
  const groups = computed<readonly ToolGroup[]>(() => BUILTIN_GROUPS)

  function setGroup(name: string, on: boolean): void {
    state.value.groups = { ...state.value.groups, [name]: on }
  }
  function setTool(toolId: string, on: boolean): void {
    state.value.tools = { ...state.value.tools, [toolId]: on }
  }
  const groupOn = (name: string) => isGroupEnabled(state.value, name)
  const toolOn = (toolId: string) => state.value.tools[toolId] ?? true
  const effectiveToolOn = (toolId: string) => isToolOn(groups.value, state.value, toolId)
  /** The rule prompt a group adds now (functions see the tools that are on). */
  function rulePrompt(group: ToolGroup): string {
    const on = group.tools.filter(effectiveToolOn)
    return typeof group.rulePrompt === 'function' ? group.rulePrompt(on) : (group.rulePrompt ?? '')
  }

  return { state, groups, setGroup, setTool, groupOn, toolOn, effectiveToolOn, rulePrompt }
})
