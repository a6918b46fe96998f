/**
 * GLM-4.5 / GLM-4.6 (zai-org):
 *   <tool_call>get_weather
 *   <arg_key>city</arg_key>
 *   <arg_value>Paris</arg_value>
 *   </tool_call>
 * GLM-4.7 writes the same without the newlines: `<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>`.
 * The name runs from the tag to the first newline or `<arg_key>`. A value is text; with no schema
 * it is read as JSON when it is JSON (`3` is 3, `["a"]` a list), as the reference servers do.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { ref, say, type SaidMessage } from '../../../messages/say'
import { earliest } from '../marker-search'
import { isPlausibleName } from './xml-invoke-header'
import { ResumeMark } from './resume'
import {
  CLOSE,
  KEY_CLOSE,
  KEY_OPEN,
  OPEN,
  VALUE_CLOSE,
  VALUE_OPEN,
  glmFinders,
  type GlmFinders,
} from './xml-invoke-glm-tags'
import { readArgument } from './xml-invoke-glm-argument'
import { saidProblem } from './said-problem'

const NAME_MAX = 256
/** Findings said the same wherever they are found: made once and shared. */
const NO_TOOL_NAME = say('native.xml.glm.no-tool-name')
const TEXT_IN_CALL = say('native.xml.glm.text-in-call')
const UNCLOSED_TO_END = say('native.xml.call-unclosed', { closer: CLOSE, where: ref('native.xml.where.runs-to-end') })
const UNCLOSED_TO_NEXT = say('native.xml.call-unclosed', {
  closer: CLOSE,
  where: ref('native.xml.where.next-marker', { marker: OPEN }),
})

interface Head {
  name: string
  nameEnd: number
  /** Where the arguments begin. */
  body: number
  /** The text ends inside the name. */
  cut: boolean
}

/**
 * The call's head after `<tool_call>` at `open`, or null when what follows is no GLM call
 * (Hermes' `{`, Qwen3-Coder's `<function=`, prose). Bounded look.
 */
function readHead(text: string, open: number): Head | null {
  const start = open + OPEN.length
  const limit = Math.min(text.length, start + NAME_MAX)
  let i = start
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x0a || c === 0x3c) break
    i++
  }
  const raw = text.slice(start, i)
  const name = raw.trimEnd()
  if (i === text.length) {
    // Cut by the end of the text: a name still being written.
    return name !== '' && name === raw && isPlausibleName(name) ? { name, nameEnd: i, body: i, cut: true } : null
  }
  if (i === limit) return null
  if (raw !== '' && /^\s/.test(raw)) return null
  const rest = text.slice(i, i + CLOSE.length)
  const endsName =
    text[i] === '\n' ||
    rest.startsWith(KEY_OPEN) ||
    rest.startsWith(CLOSE) ||
    (i + rest.length === text.length && (KEY_OPEN.startsWith(rest) || CLOSE.startsWith(rest)))
  if (!endsName) return null
  if (name === '') {
    // `<tool_call>` then straight to the arguments: a call with no name (anything else is not GLM's).
    const next = skipSpace(text, i, Math.min(text.length, i + 64))
    return text.startsWith(KEY_OPEN, next) ? { name: '', nameEnd: i, body: i, cut: false } : null
  }
  return isPlausibleName(name) ? { name, nameEnd: start + name.length, body: i, cut: false } : null
}

/**
 * A call is read no further than the next `<tool_call>`, so none lies inside one: a stream may put
 * aside everything up to the end of the last closed call.
 */
function parse(text: string, context: FormatContext): FormatFinding {
  const mark = new ResumeMark()
  const f = glmFinders(text)
  const calls: FoundCall[] = []
  let from = 0
  for (;;) {
    const open = f.open.next(from)
    if (open === -1) break
    const head = readHead(text, open)
    if (!head) {
      from = open + OPEN.length
      continue
    }
    const call = readCall(text, open, head, context, f)
    calls.push(call)
    mark.block([call], call.end, call.closed)
    from = Math.max(call.end, open + OPEN.length)
  }
  return { calls, problems: [], ...mark.atEnd() }
}

/** The call at `open` with its head read: its pairs up to `</tool_call>`, or to the next `<tool_call>`. */
function readCall(text: string, open: number, head: Head, context: FormatContext, f: GlmFinders): FoundCall {
  const n = text.length
  const problems: FormatProblem[] = []
  if (head.name === '') problems.push(saidProblem('error', 'missing-tool-name', NO_TOOL_NAME, open, OPEN.length))
  const args: Record<string, unknown> = {}
  let at = head.body
  let end = n
  let closed = false
  for (;;) {
    const i = skipSpace(text, at)
    if (i >= n) {
      problems.push(unclosed(open, UNCLOSED_TO_END))
      break
    }
    if (text.startsWith(CLOSE, i)) {
      end = i + CLOSE.length
      closed = true
      break
    }
    if (text.startsWith(OPEN, i)) {
      problems.push(unclosed(open, UNCLOSED_TO_NEXT))
      end = i
      closed = true
      break
    }
    if (text.startsWith(KEY_OPEN, i)) {
      at = readArgument(text, i, head.name, args, problems, context, f)
      continue
    }
    const stop = earliest([f.keyOpen, f.close, f.open], i + 1, n)
    const [s, e] = trimSpan(text, i, stop)
    problems.push(saidProblem('warning', 'text-in-call', TEXT_IN_CALL, s, e - s))
    at = stop
  }
  return {
    name: head.name,
    nameEnd: head.nameEnd,
    arguments: head.name === '' ? null : args,
    start: open,
    end,
    closed,
    problems,
  }
}

function unclosed(open: number, said: SaidMessage): FormatProblem {
  return saidProblem('warning', 'unclosed-call', said, open, OPEN.length)
}

function render(call: RenderableCall): string {
  const pairs = Object.entries(call.arguments).map(
    ([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${typeof v === 'string' ? v : JSON.stringify(v)}</arg_value>\n`,
  )
  return `<tool_call>${call.toolName}\n${pairs.join('')}</tool_call>`
}

/** GLM-4.5 to 4.7: the tool's name right after `<tool_call>`, then `<arg_key>`/`<arg_value>` pairs. */
export const glm45Format: NativeFormat = {
  id: 'glm45',
  label: 'GLM-4.5',
  family: 'XML invoke',
  models: ['GLM-4.5', 'GLM-4.5-Air', 'GLM-4.6', 'GLM-4.7'],
  openers: [OPEN],
  delimited: true,
  pieces: [
    OPEN,
    CLOSE,
    KEY_OPEN,
    KEY_CLOSE,
    VALUE_OPEN,
    VALUE_CLOSE,
    'get_weather',
    'city',
    'Paris',
    '3',
    '["a", 1]',
    '\\n',
    '{',
    '"',
    '<',
    '\n',
    ' ',
  ],
  example: render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser glm45 (GLM-4.7: glm47)',
    sglang: '--tool-call-parser glm45 (GLM-4.7: glm47)',
    llamaCpp: 'GLM 4.5 format, detected from the chat template (--jinja)',
  },
  notes:
    'The tool name follows `<tool_call>` directly and ends at a newline (GLM-4.5/4.6) or at `<arg_key>` (GLM-4.7). Values are text: typed by schema, else read as JSON when they are JSON.',
  claims: (text, at) => readHead(text, at) !== null,
  parse,
  render,
}
