// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/chat/markdown'

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
