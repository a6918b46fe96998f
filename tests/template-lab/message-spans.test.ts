import { describe, expect, it } from 'vitest'
import { boundary, messageSpans, type SpanRenderer } from '../../src/template-lab/message-spans'

/** A renderer of a tiny template: `[role]content` per message; the last assistant opens a think block. */
function renderer(options: { refuse?: (messages: readonly unknown[]) => boolean } = {}): SpanRenderer {
  return {
    render(messages) {
      if (options.refuse?.(messages)) return null
      return messages
        .map((m, n) => {
          const { role, content } = m as { role: string; content: string }
          const think = role === 'assistant' && n === messages.length - 1 ? '<think></think>' : ''
          return `<${role}>${think}${content}</${role}>\n`
        })
        .join('')
    },
    pause: async () => false,
  }
}

const messages = [
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Hello' },
  { role: 'user', content: 'Bye' },
]

describe('message spans', () => {
  it('cut the prompt where each message starts, the generation prompt last', async () => {
    const full = '<user>Hi</user>\n<assistant>Hello</assistant>\n<user>Bye</user>\n<assistant>'
    const spans = await messageSpans(full, messages, true, renderer())
    expect(spans?.map((s) => [full.slice(s.start, s.end), s.messages, s.generation ?? false])).toEqual([
      ['<user>Hi</user>\n', [0], false],
      // Rendered last, the assistant opened a think block; in the whole prompt it did not.
      ['<assistant>Hello</assistant>\n', [1], false],
      ['<user>Bye</user>\n', [2], false],
      ['<assistant>', [], true],
    ])
  })

  it('merge the messages around a prefix the template refuses', async () => {
    const full = '<user>Hi</user>\n<assistant>Hello</assistant>\n<user>Bye</user>\n'
    const spans = await messageSpans(full, messages, false, renderer({ refuse: (m) => m.length === 1 }))
    expect(spans?.map((s) => [s.messages, s.roles])).toEqual([
      [
        [0, 1],
        ['user', 'assistant'],
      ],
      [[2], ['user']],
    ])
    expect(spans?.[0]).toMatchObject({ start: 0, end: full.indexOf('<user>Bye') })
  })

  it('stop when asked between renders', async () => {
    const stopping: SpanRenderer = { ...renderer(), pause: async () => true }
    expect(await messageSpans('<user>Hi</user>\n', messages, false, stopping)).toBeNull()
  })

  it('find where a prefix ends in the whole prompt', () => {
    expect(boundary('abc', 'abcdef')).toBe(3)
    // The prefix ends differently: its end is found again past the point they part.
    expect(boundary('<a><think></think>text</a>\n', '<a>text</a>\n<b>')).toBe('<a>text</a>\n'.length)
    // Nothing found again: the point they part, moved back to the start of the marker it is in.
    expect(boundary('<x>hi<|return|>', '<x>hi<|end|><|start|>')).toBe('<x>hi'.length)
  })
})
