/**
 * The formats a template's prompt asks for: the openers of our formats that appear in what the
 * tools add to the prompt (`respond only with <|tool_call|> followed by a JSON list`), and whether
 * what follows an opener there is that format's (`<tool_call>function_name\n<arg_key>` is GLM's,
 * not Hermes'). Inference falls back on it when a template renders no calls it can read, or reads
 * them only loosely.
 */
import type { ProbeRenderer } from './probe-render'
import { turnStart } from './probe-render'
import { PROBE_TOOLS, userMessage } from './probe'
import { listFormats } from '../protocols/formats-catalog'
import { nativeFormatParser } from '../protocols/native/registry'
import { textProtocolClaims } from '../protocols/native/detect'
import { toolHints } from '../protocols/native/tool-hints'

/** A format whose openers the prompt names. */
export interface NamedFormat {
  format: string
  label: string
  openers: string[]
  /** What follows one of the openers in the prompt is this format's, as auto-detection judges it. */
  claimed: boolean
  /** The phrase of the family's templates found in the prompt, when no opener is there. */
  signature?: string
}

/**
 * Phrases that only one family's templates introduce the tool list with, for templates that render
 * no calls of earlier turns and name no opener: LFM2's templates keep calls in the content as text,
 * and llama.cpp recognises them by this phrase too.
 */
const TOOL_LIST_SIGNATURES: readonly { format: string; text: string }[] = [
  { format: 'lfm2', text: 'List of tools: <|tool_list_start|>[' },
  { format: 'lfm2', text: 'List of tools: [{' },
]

/** Openers shorter than this (`[`, `{`) are in any prompt's JSON. */
const SHORTEST_OPENER = 4

/**
 * The formats among `formatIds` whose openers appear in the text the tools add to the prompt: those
 * that claim what follows an opener first, then those with the most openers there, the longest
 * opener, the catalog's order. Empty when the prompt cannot be rendered with the tools.
 */
export function formatsNamedByPrompt(renderer: ProbeRenderer, formatIds: readonly string[]): NamedFormat[] {
  const history = [userMessage()]
  const withTools = renderer.render(history, PROBE_TOOLS, true)
  if (!withTools.ok) return []
  const without = renderer.render(history, undefined, true)
  const text = without.ok ? addedText(without.text, withTools.text) : withTools.text
  const named: NamedFormat[] = []
  for (const info of listFormats()) {
    if (!formatIds.includes(info.id)) continue
    const openers = info.openers.filter((opener) => opener.length >= SHORTEST_OPENER && text.includes(opener))
    if (openers.length > 0)
      named.push({
        format: info.id,
        label: info.label,
        openers,
        claimed: openers.some((o) => claims(info.id, text, o)),
      })
  }
  for (const { format, text: phrase } of TOOL_LIST_SIGNATURES) {
    const info = listFormats().find((candidate) => candidate.id === format)
    if (!info || !formatIds.includes(format) || named.some((entry) => entry.format === format)) continue
    if (text.includes(phrase)) named.push({ format, label: info.label, openers: [], claimed: false, signature: phrase })
  }
  const longest = (entry: NamedFormat) => Math.max(0, ...entry.openers.map((opener) => opener.length))
  return named.sort(
    (a, b) =>
      Number(b.claimed) - Number(a.claimed) ||
      b.openers.length - a.openers.length ||
      longest(b) - longest(a) ||
      formatIds.indexOf(a.format) - formatIds.indexOf(b.format),
  )
}

/** Whether the format takes what follows an opener somewhere in `text`. */
function claims(formatId: string, text: string, opener: string): boolean {
  const native = nativeFormatParser(formatId)?.format
  const context = { tools: toolHints(PROBE_TOOLS), trusted: false }
  for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
    if (native ? native.claims(text, at, opener, context) : textProtocolClaims(formatId, text.slice(at))) return true
  }
  return false
}

/** What `after` has that `before` has not: the text between their common start and common end. */
function addedText(before: string, after: string): string {
  const start = turnStart(before, after)
  let end = after.length
  let other = before.length
  while (end > start && other > start && after[end - 1] === before[other - 1]) {
    end--
    other--
  }
  return after.slice(start, end)
}
