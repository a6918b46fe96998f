/**
 * What an MCP server says about its tools is data, written by whoever runs the server. Before it
 * reaches a routing name, the tools prompt or a card: names are checked against MCP's allowed set,
 * text is cleaned of control and direction characters, and anything a protocol reads as a
 * boundary (`<<<[`, `「始」`, `<tool_call>`, `"tool_calls"` ...) is written so that no parser sees
 * one. Pure functions, so the property tests and the fuzz harness use them as they are.
 */

/** MCP's rule for tool names: letters, digits, `_`, `-` and `.`, 1 to 128 of them. */
export const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/
/** A parameter name becomes a field name in every protocol: letters and digits of any script, `_`, `-`, `.`, `$`. */
export const PARAMETER_NAME = /^[\p{L}\p{N}_.$-]{1,128}$/u

// C0 and C1 controls, direction marks and isolates, zero-width characters, the BOM, interlinear
// annotations, and the tag characters and variation selectors 17-256: these draw nothing, yet a
// model reads them (a tag character is an invisible copy of an ASCII letter), so hidden text would
// reach it. Flags of subdivisions (tag sequences) lose their tags and show as a plain flag.
const INVISIBLE_CLASS =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u180E\\u200B-\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2060-\\u2069\\uFEFF\\uFFF9-\\uFFFB\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}'
// Each is matched alone, on purpose: a joiner or a selector is what is removed, not part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const UNSAFE = new RegExp(`[${INVISIBLE_CLASS}]`, 'gu')
const LINE_BREAKS = /\r\n?|\n|\t/g

/** A name, escaped for a message: every character outside printable ASCII as \u{...}. */
export function escapedName(name: string, max = 80): string {
  const shown = name.length > max ? name.slice(0, max) + '…' : name
  return JSON.stringify(shown).replace(/[^\x20-\x7E]/g, (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`)
}

/**
 * Text with its unsafe characters removed and protocol boundaries broken. `multiline` keeps line
 * breaks and tabs (descriptions); otherwise they become spaces (titles, values).
 */
export function cleanServerText(text: string, options: { multiline?: boolean } = {}): string {
  let out = text.replace(UNSAFE, '')
  if (!options.multiline) out = out.replace(LINE_BREAKS, ' ')
  else out = out.replace(/\r\n?/g, '\n')
  return defuseMarkers(out)
}

/**
 * Protocol boundaries written so that no parser reads them: VCP's `<<<`/`>>>` and value markers
 * (`「始」`, `{末}` and their variants), the tags of the XML and Hermes paradigms and of native
 * formats, and the JSON paradigm's `"tool_calls"` key. The text stays readable.
 */
export function defuseMarkers(text: string): string {
  return (
    text
      .replace(/<{3,}/g, (run) => '‹'.repeat(run.length))
      .replace(/>{3,}/g, (run) => '›'.repeat(run.length))
      // A value marker is a bracket next to 始 or 末 (the VCP scanner reads 「始」, {始}, 「始ESCAPE」 ...).
      .replace(/[「{]\s*(?=[始末])/g, (bracket) => (bracket.startsWith('「') ? '『' : '｛') + bracket.slice(1))
      .replace(
        /([始末][\w]{0,8}\s*)[」}]/g,
        (_, inner: string, offset: number, whole: string) =>
          inner + (whole[offset + inner.length] === '」' ? '』' : '｝'),
      )
      // Tags: <tool_call>, </tool_code>, <function=...>, <|python_tag|>, [TOOL_CALLS] ...
      .replace(
        /<(\/?\s*(?:tool_call|tool_code|tool_response|tool_result|function|functions|invoke|parameter|minimax|\|))/gi,
        '‹$1',
      )
      .replace(/\[(\/?(?:TOOL_CALLS|TOOL_REQUEST|END_TOOL_REQUEST|TOOL_RESULT|ARGS))/gi, '⟦$1')
      .replace(/(["'])tool_calls\1/gi, '$1tool calls$1')
  )
}

// Every character cleaning may change or look at: a text with none of them is clean as it is.
// eslint-disable-next-line no-misleading-character-class -- single characters, as above
const MAYBE_UNSAFE = new RegExp(`[${INVISIBLE_CLASS}\\t\\n\\r<>「」{}[\\]"']`, 'u')

/** Whether a text would come out of cleaning unchanged (one test for most text, so a 200,000-value list stays cheap). */
export function isCleanServerText(text: string, multiline = false): boolean {
  return !MAYBE_UNSAFE.test(text) || cleanServerText(text, { multiline }) === text
}

/**
 * Text with every invisible character removed (line breaks and tabs kept, `\r\n` and `\r` read as
 * `\n`), and how many were removed: what a person is shown of a server's text is then what a
 * model is sent, and the count says that something was hidden.
 */
export function withoutInvisible(text: string): { text: string; removed: number } {
  let removed = 0
  const out = text.replace(UNSAFE, () => {
    removed++
    return ''
  })
  return { text: out.replace(/\r\n?/g, '\n'), removed }
}
