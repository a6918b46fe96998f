/**
 * The reply in the editor and its parse. Typing is read after a short pause and a paste at once,
 * both in the worker; the newest text wins, so a long reply never makes typing lag.
 */
import {
  computed,
  getCurrentScope,
  onScopeDispose,
  ref,
  shallowRef,
  watch,
  type ComputedRef,
  type Ref,
  type ShallowRef,
} from 'vue'
import type { CallPlan, ParsedRequest, ParseResult } from '../../core'
import { parseOffThread } from '../../parsing/off-thread'
import { parseReply, type ReplyHints } from '../../parsing/parse-reply'
import { keepUnchanged } from './keep-unchanged'
import type { ParserState } from './saved-state'

/** How long typing pauses before the reply is read again. */
export const PARSE_DELAY_MS = 120
/** A change this large is a paste, not typing. */
const PASTE_CHARS = 200

/** What {@link useReplyParse} needs. */
export interface ReplyParseOptions {
  /** The saved state: the reply to start from, and the protocol and model to read it with. */
  state: Ref<ParserState>
  /** The hints a parse is given (the model, the tools), read at each parse. */
  hints: () => ReplyHints
  /** The plans of the shown requests, in order: a parse keeps those of the requests it did not change. */
  plans: () => readonly CallPlan[]
  /** Told after each parse, with the plans kept for unchanged requests. */
  onParsed: (kept: ReadonlyMap<ParsedRequest, CallPlan>) => void
  /** Asked to save the reply (soon) whenever it is read again. */
  save: () => void
}

/** What {@link useReplyParse} returns. */
export interface ReplyParseReturn {
  /** The editor's live text. */
  text: Ref<string>
  /** The newest parse shown; requests an edit did not touch keep their objects. */
  result: ShallowRef<ParseResult>
  /** The text `result` was read from. */
  parsedText: Readonly<Ref<string>>
  /** True while the text has changes not yet read. */
  stale: ComputedRef<boolean>
  /** Reads the text now, or (`offThread`) in the worker and then; a later call wins over an earlier one. */
  reparse(offThread?: boolean): void
  /** Reads the text now if it changed since the last parse (tests, and before running). */
  flush(): void
}

/** The reply text of `options.state` and its parse, read again as the text, protocol or model changes. */
export function useReplyParse(options: ReplyParseOptions): ReplyParseReturn {
  const { state, hints } = options
  const text = ref(state.value.text)
  const parsedText = ref(text.value)
  const result = shallowRef<ParseResult>(parseReply(text.value, state.value.protocol, hints()))
  let parses = 0

  function apply(source: string, fresh: ParseResult): void {
    const before = { text: parsedText.value, result: result.value, plans: options.plans() }
    parsedText.value = source
    const kept = keepUnchanged(before, fresh, source)
    result.value = { ...fresh, requests: kept.requests }
    options.onParsed(kept.plans)
  }

  function reparse(offThread = false): void {
    // Saving a long reply (JSON and localStorage) waits until the cards are on screen.
    options.save()
    const source = text.value
    const protocol = state.value.protocol
    const generation = ++parses
    if (!offThread) return apply(source, parseReply(source, protocol, hints()))
    void parseOffThread(source, protocol, hints()).then((fresh) => {
      if (generation === parses) apply(source, fresh)
    })
  }

  const textTimer = useDelay()
  const modelTimer = useDelay()
  // A paste (or a sample) is read at once; typing waits for a pause.
  watch(text, (value, old) =>
    textTimer.start(() => reparse(true), Math.abs(value.length - old.length) >= PASTE_CHARS ? 0 : PARSE_DELAY_MS),
  )
  watch(
    () => state.value.protocol,
    () => reparse(),
  )
  // A model name is typed: read again after a pause, as for the reply.
  watch(
    () => state.value.model,
    () => modelTimer.start(() => reparse(true), PARSE_DELAY_MS),
  )
  // A parse still in the worker when the scope ends is not applied.
  if (getCurrentScope()) onScopeDispose(() => ++parses)

  function flush(): void {
    textTimer.stop()
    if (parsedText.value !== text.value) reparse()
  }

  const stale = computed(() => parsedText.value !== text.value)
  return { text, result, parsedText, stale, reparse, flush }
}

/** One pending call at a time: starting again replaces it; the scope's end cancels it. */
function useDelay(): { start(callback: () => void, ms: number): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null
  const stop = (): void => {
    if (timer) clearTimeout(timer)
    timer = null
  }
  if (getCurrentScope()) onScopeDispose(stop)
  return {
    start(callback, ms) {
      stop()
      timer = setTimeout(callback, ms)
    },
    stop,
  }
}
