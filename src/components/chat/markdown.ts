/**
 * Replies rendered as Markdown: markdown-it with raw HTML off, then DOMPurify over the result, so
 * HTML or script a model writes shows as text and never runs.
 */
import MarkdownIt from 'markdown-it'
import DOMPurify from 'dompurify'

export const MARKDOWN_OPTIONS = { html: false, linkify: true, breaks: true } as const
const markdown = new MarkdownIt(MARKDOWN_OPTIONS)

// Links open in a new tab without giving it this page.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('target', '_blank')
  tokens[idx]!.attrSet('rel', 'noopener noreferrer')
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(markdown.render(text), { ADD_ATTR: ['target'] })
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const LIST_OR_QUOTE = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^>/
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m

/**
 * Cuts Markdown into pieces that render, one by one, exactly as the whole does, so a long
 * streamed answer is redrawn a piece at a time (only the last piece changes). A cut goes only
 * where CommonMark closes every open block anyway: after a blank line, before a line that starts
 * at column 0 and opens no list item or block quote, outside fenced code. A text with link
 * reference definitions stays whole: a definition may serve any piece. After a fence opened on an
 * indented line the rest stays whole too: such a fence may belong to a list item, and then a
 * fence line at column 0 ends the item and opens a new fence instead of closing it.
 */
export function markdownBlocks(text: string): string[] {
  if (LINK_DEFINITION.test(text)) return [text]
  const blocks: string[] = []
  let blockStart = 0
  let fence: { char: string; length: number } | null = null
  let previousBlank = false
  let at = 0
  while (at < text.length) {
    const newline = text.indexOf('\n', at)
    const end = newline === -1 ? text.length : newline
    const line = text.slice(at, end)
    const blank = line.trim() === ''
    const opener = FENCE.exec(line)
    if (fence) {
      const closer = opener?.[1]
      if (
        closer &&
        closer[0] === fence.char &&
        closer.length >= fence.length &&
        line.slice(opener[0].length).trim() === ''
      )
        fence = null
    } else {
      const first = line.charCodeAt(0)
      const startsFlush = !blank && first !== 0x20 && first !== 0x09
      if (previousBlank && startsFlush && at > blockStart && !LIST_OR_QUOTE.test(line)) {
        blocks.push(text.slice(blockStart, at))
        blockStart = at
      }
      if (opener) {
        if (first === 0x20) break
        fence = { char: opener[1]![0]!, length: opener[1]!.length }
      }
    }
    previousBlank = blank
    at = end + 1
  }
  blocks.push(text.slice(blockStart))
  return blocks
}
