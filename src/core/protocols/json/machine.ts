/**
 * One resumable, character-level machine for the JSON paradigms, behind both the one-shot parse
 * and the streaming parser (one-shot = feed the whole text, then end). Every character is looked
 * at once, whatever the chunking, so the cost is linear and any chunking reaches the same result.
 *
 * Outside a call it follows Markdown fences and <think> reasoning; it opens a call at the
 * paradigm's opening tag (`<tool_call>`, `<tool_code>`) or at a `{` whose first key is
 * `tool_calls`, collects the payload until the closing tag or the matching `}`, and reads it with
 * the lenient JSON parser.
 *
 * The machine's state is one record (machine-state.ts) and each of its modes has one handler:
 * 'prose' in prose.ts, the modes inside a call in call-payload.ts; call-close.ts turns a finished
 * call into requests. This file only drives them, character by character.
 */
import type { ParseResult } from '../../types'
import type { ParseOptions, StreamParser } from '../protocol'
import { closeCall } from './call-close'
import { objectChar, objectStringChar, taggedPayloadChar } from './call-payload'
import { NO_EVENTS } from './machine-output'
import { createMachineState, type MachineState, type OpenCall, type ParadigmGrammar } from './machine-state'
import { proseChar } from './prose'
import { say } from '../../messages/say'

export type { ParadigmGrammar } from './machine-state'

/**
 * A stream parser for one JSON paradigm. `feed` returns the events the chunk made known; `end`
 * closes what is still open and returns every request and diagnostic, the same for any chunking.
 */
export function createJsonParadigmParser(grammar: ParadigmGrammar, options: ParseOptions = {}): StreamParser {
  const s = createMachineState(grammar, options)
  let result: ParseResult | null = null
  return {
    feed(chunk) {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      s.out.events = null
      if (chunk.length > 0) feedChunk(s, chunk)
      return s.out.events ?? NO_EVENTS
    },
    end() {
      if (!result) {
        s.out.events = null
        result = endOfText(s)
      }
      return result
    },
  }
}

/** Hands every character of the chunk to the handler of the mode the machine is in. */
function feedChunk(s: MachineState, chunk: string): void {
  s.out.lines.append(chunk)
  // Where the open call's text in this chunk begins.
  let partStart = 0
  for (let j = 0; j < chunk.length; j++) {
    const c = chunk[j] as string
    switch (s.mode) {
      case 'prose':
        proseChar(s, c, s.offset + j)
        // A call opened with this character: its text so far (tag or `{ "tool_calls`) is in parts.
        if (s.mode !== 'prose') partStart = j + 1
        break
      case 'tagged-payload':
        if (taggedPayloadChar(s, c)) endCall(s, chunk, partStart, j, s.settings.closeTag.length)
        break
      case 'object':
        if (objectChar(s, c)) endCall(s, chunk, partStart, j, 0)
        break
      case 'object-string':
        objectStringChar(s, c)
        break
    }
  }
  if (s.call) s.call.parts.push(chunk.slice(partStart))
  s.offset += chunk.length
  s.out.lastChar = chunk[chunk.length - 1] as string
}

/** The call ended with chunk[j], after a closing tag of `closeLength` characters (0 for objects). */
function endCall(s: MachineState, chunk: string, partStart: number, j: number, closeLength: number): void {
  ;(s.call as OpenCall).parts.push(chunk.slice(partStart, j + 1))
  const end = s.offset + j + 1
  closeCall(s, end, end - closeLength, 'closed')
}

/** Closes what the end of the text leaves open and gives the whole result. */
function endOfText(s: MachineState): ParseResult {
  if (s.call) closeCall(s, s.offset, s.offset, 'end-of-text')
  if (s.reasoningOpen !== -1) {
    s.out.diagnostic('warning', 'unclosed-reasoning', say('json.unclosed-reasoning'), s.reasoningOpen, 0)
  }
  const { requests, diagnostics } = s.out
  diagnostics.sort((a, b) => a.offset - b.offset)
  return { requests, diagnostics }
}
