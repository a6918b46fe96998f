/** Where calls and VCP markers start, for fixes that close a block and for the swallowing hint. */

/** A place where a text-protocol call opens: a VCP start marker, a Hermes or `<tool_code>` tag, a `{"tool_calls"` object. */
export interface CallOpener {
  offset: number
  length: number
}

const CALL_OPENER =
  /(?<!<)<{2,4}\[TOOL_REQUEST\]>{2,4}|<tool_call>|<tool_code>|\{\s*["']?tool_calls(?![\p{L}\p{N}_])/giu
const VCP_MARKER = /(?<!<)<{2,4}\[(END_)?TOOL_REQUEST\]>{2,4}/gi

/** Every call opener that starts in `[from, to)`, in text order. */
export function callOpeners(text: string, from: number, to: number): CallOpener[] {
  const found: CallOpener[] = []
  CALL_OPENER.lastIndex = Math.max(0, from)
  for (let m = CALL_OPENER.exec(text); m && m.index < to; m = CALL_OPENER.exec(text)) {
    found.push({ offset: m.index, length: m[0].length })
  }
  return found
}

/** The first VCP start marker and the first marker of either kind at or after `from`; -1 for none. */
export function nextVcpMarkers(text: string, from: number): { start: number; any: number } {
  VCP_MARKER.lastIndex = Math.max(0, from)
  let any = -1
  for (let m = VCP_MARKER.exec(text); m; m = VCP_MARKER.exec(text)) {
    if (any < 0) any = m.index
    if (!m[1]) return { start: m.index, any }
  }
  return { start: -1, any }
}
