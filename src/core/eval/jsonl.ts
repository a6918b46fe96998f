/**
 * Reading JSON lines (one JSON value a line) from text that arrives in chunks, in Node and the
 * browser alike. A line that is not JSON becomes an error naming its line and reading goes on, so
 * one bad case never hides the rest of a suite.
 */

/** One line read: its value, or why it is not JSON. `line` is 1-based and counts blank lines too. */
export type JsonLine = { line: number; value: unknown } | { line: number; error: string }

/** Text chunks in order, as a file reader or a fetch body decoder hands them out. */
export type TextChunks = AsyncIterable<string> | Iterable<string>

const BOM = '\uFEFF'
// The engine's parse message is kept but cut to this length, so one huge line cannot flood a report.
const MAX_REASON = 200

/**
 * The values of JSON-lines text given in chunks. Blank lines are skipped, CRLF line ends are
 * accepted, a line split across chunks (even inside a surrogate pair) is joined, and a BOM at the
 * very start is dropped. Lines are parsed as they complete, so memory stays at one line.
 *
 * When the text is instead one JSON array (its first non-space character is `[` and nothing but
 * space follows the closing `]`), each element is yielded with the line it starts on. That form
 * is buffered whole before anything is yielded. Never throws on malformed text.
 */
export async function* readJsonLines(chunks: TextChunks | string): AsyncGenerator<JsonLine> {
  const decoder = createJsonLinesDecoder()
  // A string is iterable too, but a character at a time.
  const source = typeof chunks === 'string' ? [chunks] : chunks
  for await (const chunk of source) yield* decoder.push(chunk)
  yield* decoder.end()
}

/** The values of a whole JSON-lines text (or one JSON array), as {@link readJsonLines} reads them. */
export function splitJsonLines(text: string): JsonLine[] {
  const decoder = createJsonLinesDecoder()
  return [...decoder.push(text), ...decoder.end()]
}

/** Parses one line (or array element); `line` names it in the error. */
function parseJson(text: string, line: number): JsonLine {
  try {
    return { line, value: JSON.parse(text) as unknown }
  } catch (error) {
    return { line, error: `line ${line}: not JSON (${reasonOf(error)})` }
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.length > MAX_REASON ? `${message.slice(0, MAX_REASON)}...` : message
}

interface JsonLinesDecoder {
  push(chunk: string): JsonLine[]
  end(): JsonLine[]
}

/**
 * The reading state between chunks. Until the first non-space character the form is unknown and
 * the (blank) text is held; then lines are parsed as they complete, or an array is buffered.
 */
function createJsonLinesDecoder(): JsonLinesDecoder {
  let form: 'unknown' | 'lines' | 'array' = 'unknown'
  let atStart = true
  let lineNumber = 0
  // The text not yet handled: the current unfinished line, or the whole array.
  let parts: string[] = []

  function lineValues(chunk: string): JsonLine[] {
    const values: JsonLine[] = []
    let from = 0
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', from)) {
      parts.push(chunk.slice(from, end))
      const value = completeLine(parts.join(''))
      if (value) values.push(value)
      parts = []
      from = end + 1
    }
    if (from < chunk.length) parts.push(chunk.slice(from))
    return values
  }

  function completeLine(text: string): JsonLine | undefined {
    lineNumber++
    const content = text.endsWith('\r') ? text.slice(0, -1) : text
    return content.trim() === '' ? undefined : parseJson(content, lineNumber)
  }

  function push(chunk: string): JsonLine[] {
    if (atStart && chunk !== '') {
      atStart = false
      if (chunk.startsWith(BOM)) chunk = chunk.slice(1)
    }
    if (form === 'lines') return lineValues(chunk)
    parts.push(chunk)
    if (form === 'array') return []
    const held = parts.join('')
    const first = /\S/.exec(held)
    if (!first) return []
    parts = []
    if (first[0] === '[') {
      form = 'array'
      parts.push(held)
      return []
    }
    form = 'lines'
    return lineValues(held)
  }

  function end(): JsonLine[] {
    const rest = parts.join('')
    parts = []
    if (form === 'lines') {
      const last = rest === '' ? undefined : completeLine(rest)
      return last ? [last] : []
    }
    if (form !== 'array') return []
    const elements = arrayElements(rest)
    if (elements) return elements
    // Not one array after all (JSON lines whose first line is an array): read it as lines.
    form = 'lines'
    return [...lineValues(rest), ...end()]
  }

  return { push, end }
}

/**
 * The elements of text that is one JSON array, each with the line it starts on; undefined when
 * something other than space follows the array's end. An unclosed array is one error.
 */
function arrayElements(text: string): JsonLine[] | undefined {
  const elements: JsonLine[] = []
  let line = 1
  let depth = 0
  let inString = false
  let start = -1
  let startLine = 1
  const finish = (end: number): void => {
    const element = text.slice(start, end)
    const body = element.trimStart()
    // The element's own line: past the line breaks before it.
    const at = startLine + (element.slice(0, element.length - body.length).split('\n').length - 1)
    if (body !== '') elements.push(parseJson(element, at))
    else if (elements.length > 0 || text[end] === ',') {
      elements.push({ line: at, error: `line ${at}: not JSON (an empty array element)` })
    }
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') line++
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '[' || c === '{') {
      depth++
      if (depth === 1) [start, startLine] = [i + 1, line]
    } else if (c === ',' && depth === 1) {
      finish(i)
      ;[start, startLine] = [i + 1, line]
    } else if (c === ']' || c === '}') {
      depth--
      if (depth === 0 && c === '}') return [{ line, error: `line ${line}: not JSON (the array closes with })` }]
      if (depth === 0) {
        finish(i)
        return text.slice(i + 1).trim() === '' ? elements : undefined
      }
    }
  }
  return [{ line, error: `line ${line}: not JSON (the array that opens on line 1 is not closed)` }]
}
