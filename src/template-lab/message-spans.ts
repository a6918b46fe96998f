/**
 * Which part of a rendered prompt each message became. The template renders every prefix of the
 * conversation (no message, the first, the first two, ...) without a generation prompt; where a
 * prefix's render stops agreeing with the whole prompt is where the next message starts. A prefix
 * the template refuses (some raise unless the conversation ends with a user) leaves its boundary
 * unknown, and the messages on either side share one span.
 */

/** One span of the prompt; `messages` are the indices it covers, empty for the part before any message. */
export interface MessageSpan {
  start: number
  end: number
  messages: number[]
  /** The roles of those messages, in order. */
  roles: string[]
  /** The generation prompt: what `add_generation_prompt` adds after the last message. */
  generation?: boolean
}

export interface SpanRenderer {
  /** The prompt of `messages` without a generation prompt; null when the template refuses them. */
  render(messages: readonly unknown[]): string | null
  /** Called between renders: true to stop (a newer input came). */
  pause(): Promise<boolean>
}

/** How far back a boundary may move to a marker's start or a line's end when nothing better is found. */
const BACK_OFF = 48
/** The shortest end of a prefix's render that is looked for again in the whole prompt. */
const SHORTEST_END = 4
/** How much further than the prefix's own rest that end may lie: further on, it is another message's. */
const RESUME_WINDOW = 64

/**
 * Where the text after `prefix` starts in `full`. When `prefix` is the start of `full`, its end.
 * Otherwise the template rendered the prefix's last message differently as the last one (Qwen3
 * opens a `<think>` block for it): the message still ends as it ends in `prefix`, so the longest
 * end of `prefix` found again in `full` just past the point they part says where it ends there.
 * With none, the point they part, moved back to the start of the marker it is in, or to a line
 * break, space or tag end.
 */
export function boundary(prefix: string, full: string): number {
  let common = 0
  const most = Math.min(prefix.length, full.length)
  while (common < most && prefix.charCodeAt(common) === full.charCodeAt(common)) common++
  if (common === prefix.length) return common
  const end = resumedEnd(prefix.slice(common), full, common)
  if (end !== null) return end
  const floor = Math.max(0, common - BACK_OFF)
  const opener = full.lastIndexOf('<', common - 1)
  if (opener >= floor && !full.slice(opener, common).includes('>')) return opener
  for (let at = common; at > floor; at--) if (/[\s>\]}]/.test(full[at - 1] as string)) return at
  return common
}

/**
 * The end of the first place in `full` that holds the longest end of `rest` and ends between
 * `from` and RESUME_WINDOW past `rest`'s own length; null when no end of SHORTEST_END characters
 * or more is there. An end found there holds its shorter ends there too, so the length is found
 * by halving.
 */
function resumedEnd(rest: string, full: string, from: number): number | null {
  const last = from + rest.length + RESUME_WINDOW
  const place = (length: number): number => {
    const tail = rest.slice(rest.length - length)
    const at = full.indexOf(tail, Math.max(0, from - length))
    return at < 0 || at + length > last ? -1 : at + length
  }
  let low = 0
  let high = rest.length
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (place(middle) >= 0) low = middle
    else high = middle - 1
  }
  return low >= SHORTEST_END ? place(low) : null
}

function roleOf(message: unknown): string {
  const role = typeof message === 'object' && message !== null ? (message as { role?: unknown }).role : undefined
  return typeof role === 'string' ? role : '?'
}

/**
 * The spans of `full`, the prompt of `messages` (with a generation prompt when `generation`); null
 * when stopped. Boundaries never go back: a message the template renders before an earlier one
 * (a system message moved) shares its span.
 */
export async function messageSpans(
  full: string,
  messages: readonly unknown[],
  generation: boolean,
  renderer: SpanRenderer,
): Promise<MessageSpan[] | null> {
  // starts[k]: where message k starts (k = messages.length: where the generation prompt starts).
  const starts: (number | null)[] = []
  for (let k = 0; k <= messages.length; k++) {
    if (k === messages.length && !generation) {
      starts.push(full.length)
      break
    }
    const text = renderer.render(messages.slice(0, k))
    starts.push(text === null ? (k === 0 ? 0 : null) : boundary(text, full))
    if (await renderer.pause()) return null
  }
  let last = 0
  const known = starts.map((start) => (start === null ? null : (last = Math.min(full.length, Math.max(last, start)))))
  const spans: MessageSpan[] = []
  if ((known[0] ?? 0) > 0) spans.push({ start: 0, end: known[0] as number, messages: [], roles: [] })
  let open: MessageSpan | null = null
  for (let k = 0; k < messages.length; k++) {
    const start = known[k]
    if (start !== null && start !== undefined) {
      if (open) spans.push(open)
      open = { start, end: start, messages: [], roles: [] }
    }
    open ??= { start: 0, end: 0, messages: [], roles: [] }
    open.messages.push(k)
    open.roles.push(roleOf(messages[k]))
  }
  const tail = known[messages.length] ?? full.length
  if (open) spans.push(open)
  // Each span runs to the next one's start; the last message's to the generation prompt.
  spans.forEach((span, n) => (span.end = spans[n + 1]?.start ?? tail))
  if (tail < full.length) spans.push({ start: tail, end: full.length, messages: [], roles: [], generation: true })
  return spans
}
