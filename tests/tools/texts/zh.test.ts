import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ToolRegistry } from '../../../src/core'
import { LIMIT_PARAMETER } from '../../../src/core/results/output'
import { registerAppTools } from '../../../src/app-tools'
import { createToolRegistryManager } from '../../../src/core'
import { BUILTIN_GROUPS, createBuiltinTools, createMemoryFileStore } from '../../../src/tools'
import { createNodeBuiltinTools, createNodeSandboxRunner } from '../../../src/tools/node'
import { createSyntheticTools } from '../../../src/tools/synthetic'
import { LIMIT_PARAM_KEY } from '../../../src/tools/texts'
import { chineseToolText, TOOL_TEXTS_ZH } from '../../../src/tools/texts/zh'
import { groupTexts, keptTokens, needsTranslation, toolTexts, type KeyedText } from './builtin-texts'

/** The tools the page registers (browser backends), as src/app-tools.ts registers them. */
function appTools(): ToolRegistry[] {
  const registry = createToolRegistryManager()
  const remove = registerAppTools(registry, '')
  const tools = registry.list()
  remove()
  return tools
}

/** The same tools with the Node and in-memory backends: their descriptions name other places. */
const backendVariants: ToolRegistry[] = [
  ...createNodeBuiltinTools({ folder: join(tmpdir(), 'vcp-tool-texts') }),
  ...createBuiltinTools({ files: createMemoryFileStore(), sandbox: createNodeSandboxRunner() }),
]

const builtinTexts: KeyedText[] = [
  ...appTools().flatMap(toolTexts),
  ...backendVariants.flatMap(toolTexts),
  { key: LIMIT_PARAM_KEY, english: LIMIT_PARAMETER.description as string },
  ...BUILTIN_GROUPS.flatMap(groupTexts),
]
/** Every synthetic tool shape: all twelve nouns, all ten verbs, every parameter variant. */
const syntheticTexts = createSyntheticTools(120).flatMap(toolTexts)

/** Each text once: the backends' variants share most of their texts. */
const toTranslate = [
  ...new Map([...builtinTexts, ...syntheticTexts].map((text) => [`${text.key}\n${text.english}`, text])).values(),
].filter((text) => needsTranslation(text.english))

describe('the Chinese texts of the built-in tools and groups', () => {
  it('finds every kind of text to translate', () => {
    const kinds = new Set(toTranslate.map(({ key }) => key.split('.')[0]))
    expect([...kinds].sort()).toEqual(['group', 'method', 'param', 'tool'])
    expect(toTranslate.some(({ key }) => key.includes('.skill.'))).toBe(true)
    expect(toTranslate.some(({ key }) => key === 'param.vars_ListVars.filter.search')).toBe(true)
  })

  it.each(toTranslate.map((text) => [text.key, text.english] as const))('%s has a Chinese text', (key, english) => {
    const chinese = chineseToolText(key, english)
    expect(chinese, `add "${key}" to src/tools/texts/zh-*.ts`).toBeTypeOf('string')
    expect(chinese).toMatch(/[\u4e00-\u9fff]/)
  })

  it.each(toTranslate.map((text) => [text.key, text.english] as const))(
    '%s keeps the code, names, references and numbers of the English',
    (key, english) => {
      const chinese = chineseToolText(key, english) ?? ''
      for (const token of keptTokens(english)) expect(chinese, `${key} lost ${token}`).toContain(token)
    },
  )

  it('has no entry for a text that does not exist', () => {
    const existing = new Map(builtinTexts.map(({ key, english }) => [`${key}\n${english}`, true]))
    const orphans = Object.entries(TOOL_TEXTS_ZH)
      .filter(([key, [english]]) => !english.includes('%{') && !existing.has(`${key}\n${english}`))
      .map(([key]) => key)
    expect(orphans).toEqual([])
    const templates = Object.entries(TOOL_TEXTS_ZH).filter(([, [english]]) => english.includes('%{'))
    for (const [key] of templates) expect(builtinTexts.some((text) => text.key === key)).toBe(true)
  })

  it('translates a rule line by line, in the same number of lines', () => {
    for (const [key, [english, chinese]] of Object.entries(TOOL_TEXTS_ZH).filter(([k]) => k.endsWith('.rule')))
      expect(chinese.split('\n').length, key).toBe(english.split('\n').length)
  })
})
