import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  chineseMessages,
  englishMessages,
  messageIn,
  renderMessage,
  templatePlaceholders,
  type MessageId,
} from '../../../src/core/messages'
import { parseToolRequests } from '../../../src/core/parser'
import type { Diagnostic } from '../../../src/core/types'
import { nativeCaseArb } from '../../fuzz/native-replies'
import { replyArb } from '../../fuzz/replies'

const ids = Object.keys(englishMessages) as MessageId[]

/** Names and code words a Chinese message writes as they are. */
const NAMES = new Set('JSON XML ID Python Markdown MCP VCP Hermes Harmony ESCAPE Schema JavaScript API'.split(' '))

describe('message tables', () => {
  it('gives every English id a Chinese text with the same placeholders', () => {
    for (const id of ids) {
      const zh = chineseMessages[id]
      expect(zh, id).toBeTypeOf('string')
      expect(new Set(templatePlaceholders(zh)), id).toEqual(new Set(templatePlaceholders(englishMessages[id])))
    }
    expect(Object.keys(chineseMessages).sort()).toEqual([...ids].sort())
  })

  it('leaves no English sentence in the Chinese table', () => {
    const english: string[] = []
    for (const id of ids) {
      const zh = chineseMessages[id]
      // Names, markers and code stay as written; words of three or more Latin letters outside
      // placeholders, backticks and markers would be untranslated English.
      const bare = zh
        .replace(/\{[A-Za-z0-9]+\}/g, '')
        .replace(/`[^`]*`/g, '')
        .replace(/<[^>]*>|\[[^\]]*\]|<\|[^|]*\|>/g, '')
        .replace(/"[^"]*"/g, '')
      const words = (bare.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !NAMES.has(w))
      if (words.length > 0) english.push(`${id}: ${zh}`)
    }
    expect(english).toEqual([])
  })
})

describe('renderMessage', () => {
  it('fills placeholders, nests messages and keeps doubled braces literal', () => {
    const table = { a: '{x} and {inner}', b: '<{y}>', c: '{{"k": {v}}}' }
    expect(renderMessage({ id: 'a', params: { x: 1, inner: { id: 'b', params: { y: 'z' } } } }, table)).toBe(
      '1 and <z>',
    )
    expect(renderMessage({ id: 'c', params: { v: 2 } }, table)).toBe('{"k": 2}')
  })

  it('shows a missing parameter and falls back to the id', () => {
    expect(renderMessage({ id: 'a' }, { a: 'x {y}' })).toBe('x {y}')
    expect(renderMessage({ id: 'nope' }, {})).toBe('nope')
    expect(renderMessage({ id: 'b' }, {}, { b: 'fallback' })).toBe('fallback')
  })

  it('renders a finding without an id as its English message', () => {
    expect(messageIn(chineseMessages, { message: 'as written' })).toBe('as written')
  })
})

/** Every diagnostic that says its message by id renders back to its English text exactly. */
function expectRenderable(diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) {
    if (d.messageId === undefined) continue
    const ref = { id: d.messageId, params: d.params }
    expect(renderMessage(ref, englishMessages), d.code).toBe(d.message)
    const zh = renderMessage(ref, chineseMessages)
    expect(zh).not.toMatch(/\{[A-Za-z][A-Za-z0-9]*\}/)
  }
}

describe('diagnostics said by id', () => {
  it('render to their English message for every text protocol', () => {
    fc.assert(
      fc.property(replyArb, (text) => {
        for (const protocol of ['vcp', 'json', 'xml', 'hermes', 'auto']) {
          expectRenderable(parseToolRequests(text, protocol).diagnostics)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('render to their English message for every native format', () => {
    fc.assert(
      fc.property(nativeCaseArb, (c) => {
        expectRenderable(parseToolRequests(c.text, c.format).diagnostics)
        expectRenderable(parseToolRequests(c.text, 'auto', { tools: c.tools as never }).diagnostics)
      }),
      { numRuns: 400 },
    )
  })
})
