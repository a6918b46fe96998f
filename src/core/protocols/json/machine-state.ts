/**
 * The state of the JSON paradigm machine, gathered in one record: the mode it is in, what the
 * current mode needs to remember, and the settings fixed for the whole parse.
 */
import type { ParseOptions } from '../protocol'
import { createRequestIdSession, type RequestIdSession } from '../../request-ids'
import { FenceTracker } from './fence-tracker'
import { MachineOutput } from './machine-output'
import type { SaidMessage } from '../../messages/say'

/** How a paradigm writes a call: between an opening and a closing tag, or as a `{"tool_calls": ...}` object. */
export type ParadigmGrammar = { kind: 'tagged'; openTag: string; closeTag: string } | { kind: 'json-object' }

/**
 * Where the machine is. Each mode has one handler that reads a character:
 * - 'prose': outside calls (prose.ts), following fences and reasoning, watching for a call to open;
 * - 'tagged-payload': inside `<tool_call>` and the like, watching for the closing tag (call-payload.ts);
 * - 'object': inside a `{"tool_calls": ...}` object, outside its strings, counting brackets;
 * - 'object-string': inside a string of that object, where brackets do not count.
 */
export type Mode = 'prose' | 'tagged-payload' | 'object' | 'object-string'

/** The call being read. */
export interface OpenCall {
  start: number
  /** Where the payload begins (after the opening tag; the `{` for objects). */
  payloadStart: number
  /** The call's text so far, one piece per chunk. */
  parts: string[]
  inReasoning: boolean
  fenced: boolean
  fenceInfo: string | null
  /** The index of its first block. */
  index: number
  /** A warning about how the call opened (a fence's language), given when it closes. */
  openingWarning: ({ code: string } & SaidMessage) | null
}

/** A `{` in prose that may begin a call object, and what has followed it so far. */
export interface Candidate {
  start: number
  text: string
  /** Where `tool_calls` starts in `text`; -1 before its first letter. */
  keyAt: number
  quoted: boolean
}

/** What stays fixed for a whole parse. */
export interface MachineSettings {
  tagged: boolean
  /** The opening tag of a tagged paradigm ('' for objects). */
  openTag: string
  /** The closing tag of a tagged paradigm ('' for objects). */
  closeTag: string
  /** The tags looked for in prose: the opening tag of a tagged paradigm, and reasoning tags. */
  outsidePatterns: string[]
  /** How diagnostics name the construct. */
  label: string
  session: RequestIdSession
  includeReasoning: boolean
  skipFenced: boolean
}

/** Everything the machine remembers between characters and between chunks. */
export interface MachineState {
  readonly settings: MachineSettings
  readonly out: MachineOutput
  readonly fences: FenceTracker
  mode: Mode
  /** Offset of the current chunk's first character in the whole text. */
  offset: number
  /** The index the next block gets. */
  blockCount: number
  /** Where the open <think> block starts; -1 outside reasoning. */
  reasoningOpen: number
  /** The start of a tag seen so far: any tag in prose, the closing tag in a tagged payload. */
  pending: string
  /** 'prose' mode, object paradigm: a `{` that may begin a call. */
  candidate: Candidate | null
  /** The call being read; null in 'prose' mode. */
  call: OpenCall | null
  /** Object modes: open brackets, the string's quote, and whether the next character is escaped. */
  depth: number
  quote: string
  escaped: boolean
}

const THINK_TAGS = ['<think>', '</think>', '<thinking>', '</thinking>']

/** A machine at the start of a text. */
export function createMachineState(grammar: ParadigmGrammar, options: ParseOptions): MachineState {
  const tagged = grammar.kind === 'tagged'
  return {
    settings: {
      tagged,
      openTag: tagged ? grammar.openTag : '',
      closeTag: tagged ? grammar.closeTag : '',
      outsidePatterns: tagged ? [grammar.openTag, ...THINK_TAGS] : THINK_TAGS,
      label: tagged ? grammar.openTag : '{"tool_calls": ...}',
      session: options.session ?? createRequestIdSession(),
      includeReasoning: options.reasoning === 'include',
      skipFenced: options.fencedBlocks === 'skip',
    },
    out: new MachineOutput(),
    fences: new FenceTracker(),
    mode: 'prose',
    offset: 0,
    blockCount: 0,
    reasoningOpen: -1,
    pending: '',
    candidate: null,
    call: null,
    depth: 0,
    quote: '',
    escaped: false,
  }
}
