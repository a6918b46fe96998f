/**
 * English left in a page meant to be Chinese: the words of three or more Latin letters a person
 * reads (visible text, placeholders, titles and accessible names), outside names and code. Code is
 * what sits in code, pre, kbd, editors and JSON views, and any token with `_`, `.`, `/`, `:`,
 * `-`, `=` or a digit in it (routing names, paths, ids, markers, versions, URLs).
 */
import type { Page } from 'playwright-core'

/** Proper names a Chinese interface writes as they are: products, formats, protocols, standards. */
export const NAMES = new Set(
  (
    'VCP JSON XML YAML Hermes Harmony MCP OpenAI API HTTP HTTPS SSE URL ID IDs IANA ISO UTC Markdown Python ' +
    'JavaScript TypeScript QuickJS Monaco Vue Ctrl Enter Shift Esc Tab BFCL AST JSONL JUnit CLI ECharts ' +
    'Mistral Qwen DeepSeek Kimi GLM Llama Gemma FunctionGemma Granite Hunyuan MiniMax InternLM Jamba Phi ' +
    'Functionary FireFunction ERNIE LongCat Command GigaChat OLMo LFM Step Seed xLAM Pythonic ' +
    'IndexedDB Chromium PKCE OAuth Base64 base64 RegExp regex UUID SHA WebAssembly Worker stdio npm mcpServers Cursor eval token tokens Token Authorization'
  ).split(' '),
)

/** Names of more than one word. */
const PHRASES = ['Claude Desktop', 'VS Code', 'Web Worker', 'npm start', 'Qwen3-Coder']

/**
 * Selectors whose text is code, a name or content (what a model or a person wrote: replies,
 * arguments, a suite's questions), shown as written in any language.
 */
const CODE = 'code, pre, kbd, samp, .monaco-editor, textarea, .json-view, .json-node, [data-code], [data-content]'

/** The visible texts that hold English words, each with the words found in it. */
export async function englishWordsOnPage(page: Page, extraNames: string[] = []): Promise<string[]> {
  const found: string[] = await page.evaluate(
    ({ code }) => {
      const out: string[] = []
      const visible = (el: Element | null): boolean => {
        if (!el) return false
        const box = (el as HTMLElement).getBoundingClientRect()
        if (box.width === 0 && box.height === 0) return false
        const style = getComputedStyle(el)
        return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0'
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.closest(`script, style, ${code}`) || !visible(parent)) continue
        const text = node.textContent?.trim()
        if (text) out.push(text)
      }
      for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
        if (el.closest(code) || !visible(el)) continue
        for (const name of ['placeholder', 'title', 'aria-label']) {
          const value = el.getAttribute(name)
          if (value) out.push(value)
        }
      }
      return out
    },
    { code: CODE },
  )
  const names = new Set([...NAMES, ...extraNames])
  const texts: string[] = []
  for (const text of found) {
    const words = PHRASES.reduce((rest, phrase) => rest.split(phrase).join(' '), text)
      // JSON written in a sentence ({"id", "result"}), markers (<think>, [TOOL_CALLS]) and quoted
      // text (a value as the model wrote it) are code or content.
      .replace(/\{[^{}]*\}/g, ' ')
      .replace(/<[^<>]*>|\[[^[\]]*\]|"[^"]*"|`[^`]*`/g, ' ')
      .split(/[\s,;()[\]{}"'“”‘’「」、，。：；（）！？!?…<>|*`]+/)
      .filter((token) => /^[A-Za-z]{3,}$/.test(token) && !names.has(token))
    if (words.length > 0) texts.push(`${text.slice(0, 120)}  [${words.slice(0, 6).join(' ')}]`)
  }
  return [...new Set(texts)]
}
