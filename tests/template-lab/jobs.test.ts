import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../../src/core/templates'
import { MAX_TEMPLATE_LENGTH } from '../../src/template-lab/limits'
import { analyseTemplate, diffPrompts, readConfig, renderPrompt, runJob } from '../../src/template-lab/jobs'
import type { LabRenderInput } from '../../src/template-lab/lab-input'
import { readVendoredTemplate } from '../../src/templates/node'

const input = (template: string, extra: Partial<LabRenderInput> = {}): LabRenderInput => ({
  template,
  messages: JSON.stringify([{ role: 'user', content: 'Hi' }]),
  tools: null,
  argumentsAs: 'object',
  addGenerationPrompt: true,
  specialTokens: '{"bos_token": "<s>"}',
  variables: '{}',
  ...extra,
})

describe('the Template view’s jobs', () => {
  it('check the template’s size as the renderer does', () => {
    expect(MAX_TEMPLATE_LENGTH).toBe(DEFAULT_LIMITS.maxTemplateLength)
  })

  it('render the prompt with its tokens marked, and time the render', () => {
    const render = renderPrompt(input('{{ bos_token }}{% for m in messages %}<|user|>{{ m.content }}{% endfor %}'), 0)
    expect(render).toMatchObject({ status: 'rendered', text: '<s><|user|>Hi' })
    if (render.status !== 'rendered') return
    expect(render.marks.map((m) => m.kind)).toEqual(['bos', 'marker'])
    expect(render.renderMs).toBeGreaterThanOrEqual(0)
  })

  it('give the variables to the template, and the time strftime_now sees', () => {
    const template = '{{ strftime_now("%Y") }} {{ enable_thinking }}'
    const render = renderPrompt(input(template, { variables: '{"enable_thinking": false}' }), Date.UTC(2030, 5, 1))
    expect(render).toMatchObject({ status: 'rendered', text: '2030 False' })
  })

  it('find each message’s span of a real template', async () => {
    const template = await readVendoredTemplate('qwen2.5-7b-instruct')
    const messages = JSON.stringify([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ])
    const job = input(template, { messages })
    const spans = await runJob({ kind: 'spans', input: job, now: 0 }, async () => false)
    const render = renderPrompt(job, 0)
    if (!spans || !('spans' in spans) || render.status !== 'rendered') throw new Error('no spans')
    // Qwen2.5 refuses a conversation of no message: its default system prompt goes with the first.
    expect(spans.spans.map((s) => [render.text.slice(s.start, s.end), s.roles])).toEqual([
      [
        '<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n',
        ['user'],
      ],
      ['<|im_start|>assistant\nHello<|im_end|>\n', ['assistant']],
      ['<|im_start|>assistant\n', []],
    ])
  })

  it('analyse a vendored template: its format, a round trip and findings', async () => {
    const analysis = analyseTemplate({
      template: await readVendoredTemplate('llama-3.1-8b-instruct'),
      specialTokens: '{}',
      variables: '{}',
    })
    expect(analysis.inference).toMatchObject({ format: 'llama3-json', confidence: 'high' })
    expect(analysis.inference.evidence.map((e) => e.variant)).toContain('one-call')
    expect(analysis.roundTrip?.identical).toBe(true)
    expect(analysis.findings.map((f) => f.id)).toEqual(['string-arguments', 'parallel-flattened'])
  })

  it('diff two settings, and say which side does not render', () => {
    const template = '{% for m in messages %}{{ m.content }}\n{% endfor %}{{ "GO" if add_generation_prompt }}'
    const diff = diffPrompts(input(template), input(template, { addGenerationPrompt: false }), 0)
    expect(diff).toMatchObject({ status: 'diffed', diff: { removed: 1, added: 1 } })
    if (diff.status === 'diffed')
      expect(diff.diff.lines.map((line) => `${line.kind}:${line.text}`)).toEqual(['same:Hi', 'removed:GO', 'added:'])
    expect(diffPrompts(input(template), input('{{ x | nope }}'), 0)).toMatchObject({
      status: 'failed',
      side: 'b',
      render: { status: 'template-error', error: { kind: 'syntax' } },
    })
  })

  it('read a tokenizer_config.json, naming the template used with tools', () => {
    const config = JSON.stringify({
      chat_template: [
        { name: 'default', template: 'D' },
        { name: 'tool_use', template: 'T' },
      ],
      bos_token: { content: '<s>' },
      eos_token: '</s>',
    })
    expect(readConfig(config)).toEqual({
      ok: true,
      config: {
        chatTemplates: { default: 'D', tool_use: 'T' },
        specialTokens: { bos_token: '<s>', eos_token: '</s>' },
      },
      suggested: 'tool_use',
    })
    expect(readConfig('{"bos_token": "<s>"}')).toEqual({
      ok: false,
      error: 'the tokenizer config has no chat_template',
    })
    expect(readConfig('nope')).toMatchObject({ ok: false })
  })
})
