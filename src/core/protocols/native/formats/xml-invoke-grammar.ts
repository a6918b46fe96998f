/**
 * What an XML-invoke format tells the shared reader (`InvokeGrammar`), and what every part of
 * one reading shares: the text, its grammar and the finders of its markers (`InvokeSource`).
 */
import type { FormatContext } from '../format'
import type { JsonSchema, TypedValue } from '../tool-hints'
import { MarkerFinder as Finder } from '../marker-search'
import type { HeaderStyle } from './xml-invoke-header'
import { grammarMessages, type GrammarMessages } from './xml-invoke-messages'

/** One XML-invoke format's markup, as the shared reader reads it. */
export interface InvokeGrammar {
  /** Wrapper of the calls: `<minimax:tool_call>` ... `</minimax:tool_call>`. */
  section: { open: string; close: string }
  /** Step-3's per-call wrapper inside the section: OPEN TYPE SEP <invoke ...> ... </invoke> CLOSE. */
  callWrapper?: { open: string; sep: string; close: string }
  invoke: { open: string; close: string; header: HeaderStyle }
  parameter: { open: string; close: string; header: HeaderStyle }
  /** The invoke may hold a JSON object in place of parameters (DeepSeek V3.2 writes both). */
  jsonBody?: boolean
  /** Invokes written with no section around them are read too (Qwen3-Coder without `<tool_call>`). */
  bareInvokes?: boolean
  /**
   * A section whose content is not this format's (Hermes' `<tool_call>{...}`) is left alone
   * instead of being read as a broken call.
   */
  foreignSections?: boolean
  /** Another format's wrappers: a bare invoke right after one of them belongs to that format. */
  foreignWrappers?: readonly string[]
  /** The value's span once the grammar's padding is taken off. */
  trim(text: string, start: number, end: number): [number, number]
  /** The value of one parameter, typed. */
  value(raw: string, schema: JsonSchema | undefined, attributes: ReadonlyMap<string, string>): TypedValue
}

/** Strips one newline on each side (Qwen3-Coder, Seed-OSS write the value on its own lines). */
export function trimOneNewline(text: string, start: number, end: number): [number, number] {
  let s = start
  let e = end
  if (text.startsWith('\r\n', s) && s + 2 <= e) s += 2
  else if (text[s] === '\n' && s < e) s++
  if (e - 2 >= s && text.startsWith('\r\n', e - 2)) e -= 2
  else if (e > s && text[e - 1] === '\n') e--
  return [s, e]
}

/** One finder per marker of the grammar; the wrapper's only when the grammar has one. */
export interface Finders {
  sectionOpen: Finder
  sectionClose: Finder
  invokeOpen: Finder
  invokeClose: Finder
  paramOpen: Finder
  paramClose: Finder
  callOpen?: Finder
  callClose?: Finder
}

/** A text being read in a grammar, with what the readers of its parts share. */
export interface InvokeSource {
  readonly text: string
  /** The text's length. */
  readonly n: number
  readonly g: InvokeGrammar
  readonly context: FormatContext
  readonly f: Finders
  /** What a call reads as its opener: the per-call wrapper, or the invoke itself. */
  readonly unitOpen: string
  /** The findings whose words depend only on the grammar, shared by the whole reading. */
  readonly said: GrammarMessages
}

/** The source of one reading of `text`: the finders' answers are cached, so keep it for the whole reading. */
export function invokeSource(text: string, grammar: InvokeGrammar, context: FormatContext): InvokeSource {
  const f: Finders = {
    sectionOpen: new Finder(text, grammar.section.open),
    sectionClose: new Finder(text, grammar.section.close),
    invokeOpen: new Finder(text, grammar.invoke.open),
    invokeClose: new Finder(text, grammar.invoke.close),
    paramOpen: new Finder(text, grammar.parameter.open),
    paramClose: new Finder(text, grammar.parameter.close),
  }
  if (grammar.callWrapper) {
    f.callOpen = new Finder(text, grammar.callWrapper.open)
    f.callClose = new Finder(text, grammar.callWrapper.close)
  }
  const unitOpen = grammar.callWrapper?.open ?? grammar.invoke.open
  return { text, n: text.length, g: grammar, context, f, unitOpen, said: grammarMessages(grammar) }
}
