// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import MarkdownIt from 'markdown-it'
import { MARKDOWN_OPTIONS, markdownBlocks, renderMarkdown } from '../../../src/components/chat/markdown'

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    const host = document.createElement('div')
    host.innerHTML = renderMarkdown('**bold** and `code`\n\n- one\n- two')
    expect(host.querySelector('strong')?.textContent).toBe('bold')
    expect(host.querySelector('code')?.textContent).toBe('code')
    expect(host.querySelectorAll('li')).toHaveLength(2)
  })

  it.each([
    ['<script>alert(1)</script>', 'script'],
    ['<img src=x onerror="alert(1)">', 'img'],
    ['<iframe src="https://example.com"></iframe>', 'iframe'],
    ['<a href="#" onclick="alert(1)">x</a>', 'a[onclick]'],
  ])('raw HTML %s shows as text, never as an element', (html, selector) => {
    const host = document.createElement('div')
    host.innerHTML = renderMarkdown(html)
    expect(host.querySelector(selector)).toBeNull()
    expect(host.textContent).toContain(html)
  })

  it('javascript: links are not links; real links open in a new tab without an opener', () => {
    const host = document.createElement('div')
    host.innerHTML = renderMarkdown('[x](javascript:alert(1)) and [docs](https://example.com)')
    const links = [...host.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com'])
    expect(links[0]?.getAttribute('target')).toBe('_blank')
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer')
  })
})

describe('markdownBlocks', () => {
  const samples = [
    '# Title\n\nFirst paragraph with **bold**.\n\nSecond paragraph.\n',
    'Steps:\n\n1. Read the file.\n\n   Details of step one, indented.\n\n2. Write it back.\n\nDone.',
    '- a\n- b\n\n- loose c\n\nAfter the list.\n\n> quoted\n\n> still quoted\n\nText.',
    'Code:\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\nAfter.\n\n~~~\n\n# not a heading\n\n~~~\nEnd.',
    '    indented code\n\n    more code\n\nParagraph\n===\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast.',
    '这一部分的结论一致。\n\n```\n未闭合的代码块\n\n仍在代码块里',
    '',
    '\n\n\nText after blank lines.\n\n\n',
  ]

  // markdown-it's output, compared before sanitising: DOMPurify works element by element, and
  // happy-dom's parser drops a leading <p>, so the sanitised strings say less here than in a browser.
  const markdown = new MarkdownIt(MARKDOWN_OPTIONS)
  it.each(samples)('pieces render exactly as the whole: %j', (text) => {
    const blocks = markdownBlocks(text)
    expect(blocks.join('')).toBe(text)
    expect(blocks.map((block) => markdown.render(block)).join('')).toBe(markdown.render(text))
  })

  it('pieces render as the whole for any mix of blocks (property)', () => {
    const lines = [
      '# Heading',
      'Plain text with `code`.',
      '- item',
      '  continued item',
      '1. first',
      '2) second',
      '> quote',
      '> ```',
      '```',
      '```js',
      '~~~',
      '  ```',
      '   ~~~',
      '    ```',
      '    indented',
      '',
      '',
      'Term',
      '===',
      '| a | b |',
      '|---|---|',
      '***',
      '<b>html</b>',
      '\tTabbed',
      '* star',
      '[x]: http://a.b',
      'see [x]',
    ]
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...lines), { maxLength: 40 }), (picked) => {
        const text = picked.join('\n')
        expect(
          markdownBlocks(text)
            .map((block) => markdown.render(block))
            .join(''),
        ).toBe(markdown.render(text))
      }),
      { numRuns: Math.round(1000 * Number(process.env.FC_RUNS_SCALE ?? 1)) },
    )
  })

  it('a fence opened indented inside a list item is not closed by a fence at column 0 (a random seed found it)', () => {
    const text = ['- item', '   ~~~', '~~~', '', '# Heading'].join('\n')
    expect(
      markdownBlocks(text)
        .map((block) => markdown.render(block))
        .join(''),
    ).toBe(markdown.render(text))
  })

  it('cuts between top-level blocks, never inside a fence, a list or a quote', () => {
    expect(markdownBlocks('# A\n\nOne.\n\nTwo.')).toEqual(['# A\n\n', 'One.\n\n', 'Two.'])
    expect(markdownBlocks('```\nx\n\ny\n```\n\nAfter.')).toEqual(['```\nx\n\ny\n```\n\n', 'After.'])
    expect(markdownBlocks('- a\n\n- b\n\n  more\n\n> q\n\n> r')).toEqual(['- a\n\n- b\n\n  more\n\n> q\n\n> r'])
  })

  it('keeps a text with link reference definitions whole', () => {
    const text = 'See [the docs][d].\n\nMore.\n\n[d]: https://example.com'
    expect(markdownBlocks(text)).toEqual([text])
  })
})
