/**
 * One parameter of an XML-invoke call (`<parameter=KEY>VALUE</parameter>`,
 * `<parameter name="KEY">VALUE</parameter>`): its value runs to its closer, or, when that is
 * missing, to the next tag; the value is typed by the tool's schema.
 */
import type { FormatProblem } from '../format'
import { ref, say } from '../../../messages/say'
import { type MarkerFinder as Finder, earliest } from '../marker-search'
import { keepArgument } from './xml-invoke-common'
import { readTagHeader, type TagHeader } from './xml-invoke-header'
import type { InvokeSource } from './xml-invoke-grammar'
import { saidProblem } from './said-problem'

/**
 * One parameter at `open`, into `args`; returns where reading goes on. `stopFinders` are the
 * markers beyond the call's own tags that end a value whose closer is missing.
 */
export function readParameter(
  s: InvokeSource,
  open: number,
  toolName: string,
  args: Record<string, unknown>,
  problems: FormatProblem[],
  stopFinders: readonly Finder[],
): number {
  const { g } = s
  const headerStart = open + g.parameter.open.length
  const header = readTagHeader(s.text, headerStart, g.parameter.header)
  if (header.end === -1) return brokenHeader(s, open, header, problems)
  const key = header.name
  const [valueEnd, next] = valueBounds(s, open, header, problems, stopFinders)
  if (key === '') {
    problems.push(
      saidProblem('warning', 'missing-argument-name', s.said.parameterNamesNothing, open, header.end - open),
    )
    return next
  }
  storeValue(s, open, header, valueEnd, toolName, args, problems)
  return next
}

/** A header that is malformed (skipped) or cut by the end of the text (reading ends). */
function brokenHeader(s: InvokeSource, open: number, header: TagHeader, problems: FormatProblem[]): number {
  const { g } = s
  if (header.problem) {
    problems.push(
      saidProblem(
        'warning',
        'invalid-parameter',
        say('native.xml.parameter-malformed', { tag: g.parameter.open, problem: header.problem }),
        open,
        g.parameter.open.length,
      ),
    )
    return open + g.parameter.open.length
  }
  problems.push(saidProblem('warning', 'unclosed-parameter', s.said.parameterTagCut, open, s.n - open))
  return s.n
}

const RUNS_TO_END = ref('native.xml.where.runs-to-end')
const NEXT_TAG = ref('native.xml.where.next-tag')

/**
 * Where the value ends and reading goes on: at its closer; else at the next tag, or at the end
 * of the text less a closing tag cut off there (so a stream never shows part of one).
 */
function valueBounds(
  s: InvokeSource,
  open: number,
  header: TagHeader,
  problems: FormatProblem[],
  stopFinders: readonly Finder[],
): [number, number] {
  const { text, g, f, n } = s
  const valueStart = header.end
  const close = f.paramClose.next(valueStart)
  const other = earliest([f.paramOpen, f.invokeClose, f.invokeOpen, ...stopFinders], valueStart, n)
  if (close !== -1 && close <= other) return [close, close + g.parameter.close.length]
  const valueEnd =
    other >= n ? n - partialSuffix(text, n, ['\n' + g.parameter.close, g.parameter.close, g.invoke.close]) : other
  const key = header.name
  const tag = g.parameter.header === 'equals' ? `${g.parameter.open}${key}>` : `${g.parameter.open} name="${key}">`
  const where = other >= n ? RUNS_TO_END : NEXT_TAG
  problems.push(
    saidProblem(
      'warning',
      'unclosed-parameter',
      say('native.xml.parameter-unclosed', { tag, closer: g.parameter.close, where }),
      open,
      valueStart - open,
    ),
  )
  return [valueEnd, other]
}

/** The value, trimmed and typed, into `args` under the header's name; the last of repeated keys wins. */
function storeValue(
  s: InvokeSource,
  open: number,
  header: TagHeader,
  valueEnd: number,
  toolName: string,
  args: Record<string, unknown>,
  problems: FormatProblem[],
): void {
  const key = header.name
  const valueStart = header.end
  const [vs, ve] = s.g.trim(s.text, valueStart, valueEnd)
  const typed = s.g.value(s.text.slice(vs, ve), s.context.tools.parameter(toolName, key), header.attributes)
  keepArgument(args, problems, key, typed, [vs, ve], [open, valueStart])
}

/**
 * How many characters at the end of the text are the start of one of `tags` (a closing tag cut
 * off, as in a stream): a value running to the end of the text leaves them out.
 */
function partialSuffix(text: string, end: number, tags: readonly string[]): number {
  let longest = 0
  for (const tag of tags) {
    for (let k = Math.min(tag.length - 1, end); k > longest; k--) {
      if (text.startsWith(tag.slice(0, k), end - k)) {
        longest = k
        break
      }
    }
  }
  return longest
}
