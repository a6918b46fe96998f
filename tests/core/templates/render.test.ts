import { describe, expect, it } from 'vitest'
import { renderChatTemplate, type ChatTemplateInput, type RenderResult } from '../../../src/core/templates'

const input: ChatTemplateInput = { messages: [{ role: 'user', content: 'hi' }] }

function errorOf(result: RenderResult) {
  if (result.ok) throw new Error(`rendered: ${result.text.slice(0, 100)}`)
  return result.error
}

describe('renderChatTemplate: the variables transformers passes', () => {
  it('passes messages, tools (None when absent), documents (None), add_generation_prompt and the special tokens', () => {
    const template =
      '{{ messages[0].content }}|{{ tools }}|{{ documents }}|{{ add_generation_prompt }}|{{ bos_token }}|{{ extra }}'
    expect(
      renderChatTemplate(template, { ...input, specialTokens: { bos_token: '<s>' }, variables: { extra: 1 } }),
    ).toEqual({ ok: true, text: 'hi|None|None|False|<s>|1' })
    const withTools = renderChatTemplate('{{ tools|length }} {{ add_generation_prompt }} {{ documents|length }}', {
      ...input,
      tools: [{ type: 'function', function: { name: 'f' } }],
      addGenerationPrompt: true,
      variables: { documents: [{ title: 't', text: 'x' }] },
    })
    expect(withTools).toEqual({ ok: true, text: '1 True 1' })
  })

  it('lets variables win over special tokens, and refuses variables that would replace an input', () => {
    const result = renderChatTemplate('{{ bos_token }}', {
      ...input,
      specialTokens: { bos_token: 'a' },
      variables: { bos_token: 'b' },
    })
    expect(result).toEqual({ ok: true, text: 'b' })
    expect(errorOf(renderChatTemplate('x', { ...input, variables: { tools: [] } })).message).toMatch(
      /variables.tools would take the place of the tools input/,
    )
  })

  it('formats strftime_now with the given time, as Python in the C locale', () => {
    const now = new Date(2024, 6, 4, 15, 5, 9)
    expect(renderChatTemplate('{{ strftime_now("%d %b %Y, %A %I:%M %p") }}', { ...input, now })).toEqual({
      ok: true,
      text: '04 Jul 2024, Thursday 03:05 PM',
    })
  })

  it('renders {% generation %} blocks as their content', () => {
    const template = '{% for m in messages %}{% generation %}[{{ m.content }}]{% endgeneration %}{% endfor %}'
    expect(renderChatTemplate(template, input)).toEqual({ ok: true, text: '[hi]' })
  })

  it('passes tool-call arguments as given: an object prints as a dict, a string as it is', () => {
    const call = (args: unknown) => ({
      messages: [{ role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: args } }] }],
    })
    const template =
      '{{ messages[0].tool_calls[0].function.arguments }}|{{ messages[0].tool_calls[0].function.arguments|tojson }}'
    expect(renderChatTemplate(template, call({ a: 'é', n: [1, 2.5] }))).toEqual({
      ok: true,
      text: `{'a': 'é', 'n': [1, 2.5]}|{"a": "é", "n": [1, 2.5]}`,
    })
    expect(renderChatTemplate(template, call('{"a": 1}'))).toEqual({ ok: true, text: '{"a": 1}|"{\\"a\\": 1}"' })
  })
})

describe('renderChatTemplate: errors say what and where', () => {
  it('reports a syntax error with its line, column and line text', () => {
    const error = errorOf(
      renderChatTemplate('line one\n{% for m in messages %}\n  {{ m.content + }}\n{% endfor %}', input),
    )
    expect(error).toMatchObject({ kind: 'syntax', line: 3, excerpt: '  {{ m.content + }}' })
    expect(error.column).toBeGreaterThan(2)
  })

  it('reports an unclosed block', () => {
    const error = errorOf(renderChatTemplate('{% if true %}\nopen', input))
    expect(error.kind).toBe('syntax')
    expect(error.message).toMatch(/not closed|end of template/)
  })

  it('names an unknown filter and where it is, before rendering anything', () => {
    const error = errorOf(renderChatTemplate('ok\n\n{{ messages|fromjson }}', input))
    expect(error).toMatchObject({ kind: 'syntax', line: 3, column: 1, exception: 'TemplateAssertionError' })
    expect(error.message).toContain("No filter named 'fromjson'")
  })

  it('names an unknown function and the tag that called it', () => {
    const error = errorOf(
      renderChatTemplate('{% for m in messages %}\n  {{- format_message(m) }}\n{% endfor %}', input),
    )
    expect(error).toMatchObject({ kind: 'runtime', line: 2, column: 3, exception: 'UndefinedError' })
    expect(error.message).toContain("'format_message' is undefined")
  })

  it('reports the innermost tag of a failure inside a macro', () => {
    const template = '{% macro show(m) %}\n{{ m.content + 1 }}\n{% endmacro %}\n{{ show(messages[0]) }}'
    expect(errorOf(renderChatTemplate(template, input))).toMatchObject({
      kind: 'runtime',
      line: 2,
      exception: 'TypeError',
      message: 'TypeError: can only concatenate str (not "int") to str',
    })
  })

  it('gives raise_exception its message as it is, as kind raised', () => {
    const error = errorOf(renderChatTemplate("{{ raise_exception('Roles must alternate') }}", input))
    expect(error).toMatchObject({
      kind: 'raised',
      message: 'Roles must alternate',
      exception: 'TemplateError',
      line: 1,
    })
  })

  it('refuses what the sandbox refuses', () => {
    const error = errorOf(renderChatTemplate('{% set x = messages.append(1) %}', input))
    expect(error).toMatchObject({ kind: 'runtime', exception: 'SecurityError' })
  })

  it('returns an error for input it cannot take instead of throwing', () => {
    const cyclic: Record<string, unknown> = { role: 'user' }
    cyclic.self = cyclic
    expect(errorOf(renderChatTemplate('{{ messages }}', { messages: [cyclic] })).message).toMatch(/nested too deeply/)
  })
})

describe('renderChatTemplate: limits', () => {
  it('refuses a template over the size limit before parsing it', () => {
    const error = errorOf(renderChatTemplate('x'.repeat(101), input, { maxTemplateLength: 100 }))
    expect(error).toMatchObject({ kind: 'limit' })
    expect(error.message).toContain('maxTemplateLength')
  })

  it('stops range(10**9) as the sandbox does', () => {
    const error = errorOf(renderChatTemplate('{% for i in range(10**9) %}x{% endfor %}', input))
    expect(error).toMatchObject({ kind: 'limit', exception: 'OverflowError', line: 1 })
  })

  it('stops a huge nested loop at the step limit, at the same point every time', () => {
    const template = '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}'
    const first = errorOf(renderChatTemplate(template, input, { maxSteps: 50_000 }))
    expect(first).toMatchObject({ kind: 'limit', line: 1 })
    expect(first.message).toContain('maxSteps')
    expect(errorOf(renderChatTemplate(template, input, { maxSteps: 50_000 }))).toEqual(first)
  })

  it('stops a macro that calls itself without end', () => {
    const error = errorOf(renderChatTemplate('{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}', input))
    expect(error.kind).toBe('limit')
    expect(error.message).toContain('maxCallDepth')
  })

  it('stops output past the output limit, and strings or lists built past it', () => {
    const long = '{% for i in range(1000) %}0123456789{% endfor %}'
    expect(errorOf(renderChatTemplate(long, input, { maxOutputLength: 5000 })).kind).toBe('limit')
    expect(renderChatTemplate(long, input, { maxOutputLength: 10_000 }).ok).toBe(true)
    expect(errorOf(renderChatTemplate("{{ 'x' * 10**9 }}", input)).kind).toBe('limit')
    expect(errorOf(renderChatTemplate('{{ [1] * 10**9 }}', input)).kind).toBe('limit')
    const doubling = "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}"
    expect(errorOf(renderChatTemplate(doubling, input)).kind).toBe('limit')
  })
})
