// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount } from '@vue/test-utils'
import { createAppI18n } from '../../src/i18n'
import { useToolTexts, type UseToolTextsReturn } from '../../src/composables/useToolTexts'
import { createCalculatorTool } from '../../src/tools'
import { LIMIT_PARAMETER } from '../../src/core/results/output'
import type { ToolRegistry } from '../../src/core'

const calc = createCalculatorTool()
const evaluate = calc.getMetadata().methods[0]
const weather: ToolRegistry = {
  id: 'weather',
  name: 'Weather',
  description: 'Forecasts from an MCP server.',
  getMetadata: () => ({ methods: [] }),
}
const limitText = LIMIT_PARAMETER.description as string

/** Mounts a component that renders the calculator's name through the composable, in `locale`. */
function mountIn(locale: 'en' | 'zh') {
  const i18n = createAppI18n(locale)
  let texts: UseToolTextsReturn | undefined
  const wrapper = mount(
    defineComponent({
      setup() {
        texts = useToolTexts()
        return () => h('span', texts?.toolName(calc))
      },
    }),
    { global: { plugins: [i18n] } },
  )
  return { wrapper, i18n, texts: texts as UseToolTextsReturn }
}

describe('useToolTexts', () => {
  it('shows the built-in texts in Chinese', () => {
    const { texts, wrapper } = mountIn('zh')
    expect(wrapper.text()).toBe('计算器')
    expect(texts.toolDescription(calc)).toBe('用真正的解析器计算算术表达式（不使用 eval）。')
    expect(texts.methodDescription('calc', 'evaluate', evaluate?.description ?? '')).toContain('计算算术表达式')
    expect(texts.methodDisplayName('calc', 'evaluate', 'Evaluate expression')).toBe('计算表达式')
    expect(texts.paramDescription('calc', 'evaluate', 'precision', evaluate?.parameters[1]?.description ?? '')).toBe(
      '结果四舍五入后保留的有效数字位数（1-17）。',
    )
    expect(texts.methodReturns('fs', 'tree', 'the tree as text')).toBe('文本形式的目录树')
    expect(texts.groupName('Text and time')).toBe('文本与时间')
    expect(texts.skillText('Files', 'large-files', 'desc', 'Working with files longer than one result')).toBe(
      '处理超出单个结果长度的文件',
    )
  })

  it('recognises the limit parameter on any method, and a method`s own limit keeps its own text', () => {
    const { texts } = mountIn('zh')
    expect(texts.paramDescription('calc', 'evaluate', 'limit', limitText)).toContain('0 或 -1')
    expect(texts.paramDescription('weather', 'today', 'limit', limitText)).toContain('0 或 -1')
    expect(texts.paramDescription('weather', 'today', 'limit', 'Days to forecast.')).toBe('Days to forecast.')
  })

  it('translates the rule of a group with only some tools on', () => {
    const { texts } = mountIn('zh')
    const datetimeLine =
      '- Dates: use datetime_now for the current time (the date in this prompt has no time of day) and IANA zone names such as "Asia/Shanghai".'
    expect(texts.groupRule('Text and time', datetimeLine)).toMatch(/^- 日期：用 datetime_now/)
  })

  it("keeps a user's or an MCP server's tool in its own words", () => {
    const { texts } = mountIn('zh')
    expect(texts.toolName(weather)).toBe('Weather')
    expect(texts.toolDescription(weather)).toBe('Forecasts from an MCP server.')
    expect(texts.toolName({ id: 'calc', name: 'My calculator' })).toBe('My calculator')
    expect(texts.toolDescription({ id: 'calc' })).toBe('')
    expect(texts.groupName('Mine')).toBe('Mine')
    expect(texts.methodDescription('weather', 'today', "Today's forecast.")).toBe("Today's forecast.")
  })

  it('shows the English as given in English', () => {
    const { texts, wrapper } = mountIn('en')
    expect(wrapper.text()).toBe('Calculator')
    expect(texts.toolDescription(calc)).toBe(calc.description)
    expect(texts.groupName('Text and time')).toBe('Text and time')
    expect(texts.paramDescription('calc', 'evaluate', 'limit', limitText)).toBe(limitText)
  })

  it('follows a language switch', async () => {
    const { wrapper, i18n } = mountIn('en')
    // createI18n's type is the legacy one; with `legacy: false` the locale is a ref.
    const locale = i18n.global.locale as unknown as { value: string }
    locale.value = 'zh'
    await nextTick()
    expect(wrapper.text()).toBe('计算器')
    locale.value = 'en'
    await nextTick()
    expect(wrapper.text()).toBe('Calculator')
  })

  it('takes a locale from its options, outside a component', () => {
    const locale = ref('zh')
    const texts = useToolTexts({ locale })
    expect(texts.groupName('Files')).toBe('文件')
    locale.value = 'en'
    expect(texts.groupName('Files')).toBe('Files')
  })
})
