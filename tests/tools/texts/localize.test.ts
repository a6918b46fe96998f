import { describe, expect, it } from 'vitest'
import { BUILTIN_GROUPS } from '../../../src/tools'
import {
  groupRuleKey,
  isChineseLocale,
  localizeGroupRule,
  localizeToolText,
  methodDescriptionKey,
  paramDescriptionKey,
  skillTextKey,
  toolNameKey,
} from '../../../src/tools/texts'
import { syntheticChinese } from '../../../src/tools/texts/zh-synthetic'

const compute = BUILTIN_GROUPS.find((group) => group.name === 'Compute')
const computeRule = (on: string[]): string => (typeof compute?.rulePrompt === 'function' ? compute.rulePrompt(on) : '')

describe('keys', () => {
  it('name a text by tool, routing name, parameter path, group and skill', () => {
    expect(toolNameKey('fs')).toBe('tool.fs.name')
    expect(methodDescriptionKey('fs', 'read')).toBe('method.fs_read.description')
    expect(paramDescriptionKey('vars', 'ListVars', 'filter.search')).toBe('param.vars_ListVars.filter.search')
    expect(groupRuleKey('Text and time')).toBe('group.Text and time.rule')
    expect(skillTextKey('Files', 'large-files', 'when')).toBe('group.Files.skill.large-files.when')
  })
})

describe('localizeToolText', () => {
  it('gives the Chinese of a built-in text in any Chinese locale', () => {
    expect(isChineseLocale('zh-CN')).toBe(true)
    expect(localizeToolText('zh', 'tool.calc.name', 'Calculator')).toBe('计算器')
    expect(localizeToolText('zh-CN', 'tool.calc.name', 'Calculator')).toBe('计算器')
  })

  it('keeps the English in English and for a text that is not the built-in one', () => {
    expect(localizeToolText('en', 'tool.calc.name', 'Calculator')).toBe('Calculator')
    expect(localizeToolText('zh', 'tool.calc.name', 'My own calculator')).toBe('My own calculator')
    expect(localizeToolText('zh', 'tool.weather.name', 'Weather')).toBe('Weather')
  })
})

describe('localizeGroupRule', () => {
  it('translates the rule with only some of the tools on', () => {
    const both = localizeGroupRule('zh', 'Compute', computeRule(['calc', 'js']))
    const jsOnly = localizeGroupRule('zh', 'Compute', computeRule(['js']))
    expect(both.split('\n')).toHaveLength(2)
    expect(jsOnly).toBe(both.split('\n')[1])
    expect(jsOnly).toContain('js_evaluate')
    expect(localizeGroupRule('zh', 'Compute', '')).toBe('')
  })

  it('keeps a rule it does not know, and every rule in English', () => {
    expect(localizeGroupRule('zh', 'Compute', '- my own rule')).toBe('- my own rule')
    expect(localizeGroupRule('en', 'Compute', computeRule(['calc']))).toBe(computeRule(['calc']))
  })
})

describe('syntheticChinese', () => {
  it('translates only what the generator writes, under a synthetic tool id', () => {
    expect(syntheticChinese('tool.syn4.name', 'Synthetic image service 4')).toBe('合成图片服务 4')
    expect(syntheticChinese('tool.syn4.name', 'Synthetic unicorn service 4')).toBeUndefined()
    expect(syntheticChinese('tool.weather.name', 'Synthetic image service 4')).toBeUndefined()
    expect(syntheticChinese('method.syn4_getImage.displayName', 'get image records (synthetic method 40).')).toBe(
      undefined,
    )
    expect(syntheticChinese('param.syn4_getImage.id', 'Whose image.')).toBeUndefined()
  })
})
