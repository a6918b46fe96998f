// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../../../src/components/common/escape-html'

describe('escapeHtml', () => {
  it('writes every character HTML gives a meaning to as an entity, and line breaks as <br>', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & co\nnext\r\nlast`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; co<br>next<br>last',
    )
  })
  it('parsed as HTML, it is the text it was made from', () => {
    const box = document.createElement('div')
    for (const text of ['<script>x</script>', '&amp;', '"\'<>&', '{model} · 通过']) {
      box.innerHTML = escapeHtml(text)
      expect(box.textContent).toBe(text)
      expect(box.children).toHaveLength(0)
    }
  })
})
