import { describe, expect, it } from 'vitest'
import { markSpecialTokens, templateMarkers } from '../../src/template-lab/special-tokens'
import { readLabInput, specialTokenTexts, withArguments } from '../../src/template-lab/lab-input'

describe('special tokens', () => {
  it('are the markers the template writes, every <|...|>, and the tokenizer’s by their names', () => {
    const template =
      '{{ bos_token }}[INST]{{ m }}[/INST]<tool_call>{{ x }}</tool_call><｜tool▁sep｜>{% if a < b %}{% endif %}'
    expect(templateMarkers(template)).toEqual(['<｜tool▁sep｜>', '<tool_call>', '</tool_call>', '[INST]', '[/INST]'])
    const text = '<s>[INST]hi <|im_end|>[/INST]<tool_call>{}</tool_call></s>'
    const marks = markSpecialTokens(text, template, [
      { name: 'bos_token', text: '<s>' },
      { name: 'eos_token', text: '</s>' },
    ])
    expect(marks.map((m) => `${m.kind}:${text.slice(m.start, m.end)}`)).toEqual([
      'bos:<s>',
      'marker:[INST]',
      'special:<|im_end|>',
      'marker:[/INST]',
      'marker:<tool_call>',
      'marker:</tool_call>',
      'eos:</s>',
    ])
  })

  it('are read from strings and lists', () => {
    expect(specialTokenTexts({ bos_token: '<s>', pad_token: '', additional_special_tokens: ['<a>', 3] })).toEqual([
      { name: 'bos_token', text: '<s>' },
      { name: 'additional_special_tokens', text: '<a>' },
    ])
  })
})

describe('the lab input', () => {
  const call = (args: unknown) => ({
    role: 'assistant',
    tool_calls: [{ id: 'c', function: { name: 'f', arguments: args } }],
  })

  it('gives the calls’ arguments as objects or as JSON text', () => {
    expect(withArguments(call({ a: 1 }), 'json-string')).toEqual(call('{"a":1}'))
    expect(withArguments(call('{"a":1}'), 'object')).toEqual(call({ a: 1 }))
    // Text that is no JSON object stays as written.
    expect(withArguments(call('not json'), 'object')).toEqual(call('not json'))
    expect(withArguments(call('[1]'), 'object')).toEqual(call('[1]'))
  })

  it('names the field that does not read', () => {
    const input = {
      template: '',
      messages: '[]',
      tools: null,
      argumentsAs: 'object' as const,
      addGenerationPrompt: false,
      specialTokens: '{}',
      variables: '',
    }
    expect(readLabInput(input)).toEqual({
      ok: true,
      input: { messages: [], addGenerationPrompt: false, specialTokens: {}, variables: {} },
    })
    expect(readLabInput({ ...input, messages: '{}' })).toEqual({
      ok: false,
      problem: { field: 'messages', message: 'should be a JSON list [...]' },
    })
    const tools = readLabInput({ ...input, tools: '[' })
    expect(tools.ok || tools.problem.field).toBe('tools')
    expect(readLabInput({ ...input, specialTokens: '"x"' })).toMatchObject({ problem: { field: 'specialTokens' } })
  })
})
