import { describe, expect, it } from 'vitest'
import { chooseChatTemplate, readTokenizerConfig, renderChatTemplate } from '../../../src/core/templates'

function read(config: unknown) {
  const result = readTokenizerConfig(JSON.stringify(config))
  if (!result.ok) throw new Error(result.error)
  return result.config
}

describe('readTokenizerConfig', () => {
  it('reads one template string as the default, and tokens as strings or AddedToken objects', () => {
    const config = read({
      chat_template: '{{ bos_token }}{% for m in messages %}{{ m.content }}{% endfor %}',
      bos_token: { __type: 'AddedToken', content: '<s>', lstrip: false },
      eos_token: '</s>',
      unk_token: null,
      pad_token: '',
      model_max_length: 4096,
    })
    expect(Object.keys(config.chatTemplates)).toEqual(['default'])
    expect(config.specialTokens).toEqual({ bos_token: '<s>', eos_token: '</s>' })
  })

  it('reads named templates and the additional special tokens', () => {
    const config = read({
      chat_template: [
        { name: 'default', template: 'plain' },
        { name: 'tool_use', template: 'with tools' },
      ],
      additional_special_tokens: ['<tool>', { content: '</tool>' }],
    })
    expect(config.chatTemplates).toEqual({ default: 'plain', tool_use: 'with tools' })
    expect(config.specialTokens).toEqual({ additional_special_tokens: ['<tool>', '</tool>'] })
  })

  it('has no template when the config has none (newer models keep it in chat_template.jinja)', () => {
    expect(read({ eos_token: '</s>' }).chatTemplates).toEqual({})
  })

  it.each([
    ['{not json', /not JSON/],
    ['[1, 2]', /should hold an object, not a list/],
    ['{"chat_template": 3}', /chat_template should be a string or a list/],
    ['{"chat_template": [{"name": "default"}]}', /chat_template\[0\] should be/],
    ['{"chat_template": [{"name": "a", "template": "x"}, {"name": "a", "template": "y"}]}', /names "a" twice/],
    ['{"bos_token": 1}', /bos_token should be a string or an object/],
    ['{"eos_token": {"special": true}}', /eos_token should be a string or an object/],
    ['{"additional_special_tokens": "<x>"}', /additional_special_tokens should be a list/],
    ['{"additional_special_tokens": [1]}', /additional_special_tokens\[0\]/],
  ])('refuses %s with a message naming the problem', (text, message) => {
    const result = readTokenizerConfig(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatch(message)
  })
})

describe('chooseChatTemplate', () => {
  const named = read({
    chat_template: [
      { name: 'default', template: 'D' },
      { name: 'tool_use', template: 'T' },
      { name: 'rag', template: 'R' },
    ],
  })

  it('picks as apply_chat_template does: the named one, tool_use with tools, else default', () => {
    expect(chooseChatTemplate(named)).toMatchObject({ ok: true, name: 'default', template: 'D' })
    expect(chooseChatTemplate(named, { withTools: true })).toMatchObject({ ok: true, name: 'tool_use' })
    expect(chooseChatTemplate(named, { name: 'rag', withTools: true })).toMatchObject({ ok: true, name: 'rag' })
    expect(chooseChatTemplate(read({ chat_template: 'S' }), { withTools: true })).toMatchObject({ name: 'default' })
  })

  it('explains what is missing', () => {
    expect(chooseChatTemplate(named, { name: 'nope' })).toEqual({
      ok: false,
      error: 'no chat template named "nope"; there are: default, tool_use, rag',
    })
    expect(chooseChatTemplate(read({}))).toMatchObject({ ok: false, error: expect.stringMatching(/no chat_template/) })
    const noDefault = read({ chat_template: [{ name: 'a', template: 'x' }] })
    expect(chooseChatTemplate(noDefault)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/none named "default"/),
    })
  })

  it('feeds a render: the template and its special tokens', () => {
    const config = read({
      chat_template: "{{ bos_token }}{% for m in messages %}{{ m['content'] + eos_token }}{% endfor %}",
      bos_token: { content: '<s>' },
      eos_token: '</s>',
    })
    const choice = chooseChatTemplate(config)
    if (!choice.ok) throw new Error(choice.error)
    const result = renderChatTemplate(choice.template, {
      messages: [{ role: 'user', content: 'hi' }],
      specialTokens: config.specialTokens,
    })
    expect(result).toEqual({ ok: true, text: '<s>hi</s>' })
  })
})
