/**
 * The special tokens in a rendered prompt: the tokenizer's (bos, eos and the others the config
 * lists), every `<|...|>` token, and the markers the template itself writes (`<tool_call>`,
 * `<start_of_turn>`, `[INST]`, DeepSeek's `<｜...｜>`). A model's tokenizer reads these as single
 * tokens, which is why a person wants to see them apart from the text around them.
 */

/** bos and eos by their names; `special`: another token of the tokenizer's; `marker`: one the template writes. */
export type TokenKind = 'bos' | 'eos' | 'special' | 'marker'

/** A token in the prompt, end exclusive. */
export interface TokenMark {
  start: number
  end: number
  kind: TokenKind
}

/** Tokens written in the template's text, whatever the tokenizer calls them. */
const TEMPLATE_MARKERS = [
  /<\|[^|<>\s]{1,64}\|>/g, // <|im_start|>, <|eot_id|>, <|channel|>
  /<｜[^｜\n]{1,64}｜>/g, // DeepSeek: <｜tool▁calls▁begin｜>
  /<\/?[A-Za-z_][\w:.-]{0,40}>/g, // <tool_call>, </think>, <start_of_turn>
  /\[\/?[A-Z][A-Z_]{2,40}\]/g, // [INST], [TOOL_CALLS], [/AVAILABLE_TOOLS]
]

/** Any `<|...|>` in the prompt, from the template or the conversation. */
const ANY_PIPE_TOKEN = /<\|[^|<>\s]{1,64}\|>/g

/** Past this many marks the rest of the prompt is left plain: the view stays quick. */
export const MAX_MARKS = 20_000

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The markers `template` writes, each once. */
export function templateMarkers(template: string): string[] {
  const found = new Set<string>()
  for (const pattern of TEMPLATE_MARKERS) for (const match of template.matchAll(pattern)) found.add(match[0])
  return [...found]
}

/**
 * Where the special tokens are in `text`: the tokenizer's `tokens` (name and text), the template's
 * markers and every `<|...|>`, longest first where two start at one place; in text order.
 */
export function markSpecialTokens(
  text: string,
  template: string,
  tokens: readonly { name: string; text: string }[],
): TokenMark[] {
  const kinds = new Map<string, TokenKind>()
  for (const marker of templateMarkers(template)) kinds.set(marker, 'marker')
  for (const { name, text: token } of tokens)
    kinds.set(token, name === 'bos_token' ? 'bos' : name === 'eos_token' ? 'eos' : 'special')
  const literals = [...kinds.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp)
  const pattern = new RegExp([...literals, ANY_PIPE_TOKEN.source].join('|'), 'g')
  const marks: TokenMark[] = []
  for (const match of text.matchAll(pattern)) {
    if (match[0] === '') continue
    const start = match.index
    marks.push({ start, end: start + match[0].length, kind: kinds.get(match[0]) ?? 'special' })
    if (marks.length >= MAX_MARKS) break
  }
  return marks
}
