/**
 * What a model reads of a result: the tool's own `formatForLLM` or the default text (strings
 * as they are, anything else as pretty JSON), cut to a limit (8,000 characters, the tool's
 * `defaultOutputLimit`, or the call's `limit` argument; 0 or -1: no cut). The default cut keeps
 * head and tail; a tool may keep the head only, cut for itself, or opt out.
 */
import type { MethodParameter, ResultImage, ToolRegistry } from '../types'
import { truncateHeadTail } from '../text/truncate'

/** Characters of a result the model sees when neither the call nor the tool sets a limit. */
export const DEFAULT_OUTPUT_LIMIT = 8000

/** Declared on every method the model sees, unless the method has a `limit` of its own. */
export const LIMIT_PARAMETER: MethodParameter = {
  name: 'limit',
  type: 'integer',
  required: false,
  description:
    'Most characters of the result to return; longer results are cut and kept whole in a variable. 0 or -1 returns the whole result.',
}

/** How a tool's results are formatted and cut. All optional, on the tool object. */
export interface ToolOutputOptions {
  formatForLLM?(data: unknown, args: Record<string, unknown>): string
  /** Cuts the text itself; the external cut is then skipped. */
  truncateForLLM?(text: string, args: Record<string, unknown>): string
  /** @default 8000 */
  defaultOutputLimit?: number
  /** @default 'head-tail' */
  truncation?: 'head-tail' | 'head'
  /** false: results are never cut by the executor. */
  externalTruncation?: boolean
  /**
   * Where the model reads on after a cut, when a method's result is a window onto another
   * variable (vars.ReadVar): that variable and the offset in it. Default: the result's own variable.
   */
  readOnAt?(resumeAt: number, args: Record<string, unknown>, method: string): ReadOnTarget | undefined
  /**
   * Images a method's value holds besides its text (an MCP result's image content): they reach
   * `ToolExecutionResult.images` for a person to see; the model reads the text.
   */
  imagesOf?(data: unknown): ResultImage[] | undefined
}

/** A variable and the offset to read on from (with what is left of a length that was asked for). */
export interface ReadOnTarget {
  name: string
  start: number
  length?: number
}

/** Where a result was cut: how much of it the model saw, and where reading on starts. */
export interface OutputCut {
  /** Characters of the full text that the model sees. */
  keptChars: number
  totalChars: number
  /** Offset of the first character the model does not see. */
  resumeAt: number
}

/** A result as the model reads it, next to the whole of it. */
export interface PreparedOutput {
  /** What the model reads (cut, without the hint). */
  text: string
  /** The whole formatted result. */
  full: string
  /** Set only when `text` holds less than `full`. */
  cut?: OutputCut
}

export function outputOptions(tool: ToolRegistry): ToolOutputOptions {
  return tool as ToolOutputOptions
}

/** The call's limit: its `limit` argument when given, else the tool's, else 8,000. Non-positive: no cut. */
export function outputLimit(tool: ToolRegistry, limit: number | undefined): number {
  const chosen = limit ?? outputOptions(tool).defaultOutputLimit ?? DEFAULT_OUTPUT_LIMIT
  return chosen <= 0 ? Number.POSITIVE_INFINITY : chosen
}

/**
 * Cuts a formatted result for the model by the tool's output options and the call's `limit`: the
 * tool's `truncateForLLM` when it has one, else head only or head and tail (`outputLimit` picks the
 * size). The read-on hint is the caller's to add. Throws only what a tool's `truncateForLLM` throws.
 */
export function prepareOutput(
  full: string,
  tool: ToolRegistry,
  args: Record<string, unknown>,
  limit: number | undefined,
): PreparedOutput {
  const options = outputOptions(tool)
  if (typeof options.truncateForLLM === 'function') {
    const text = options.truncateForLLM.call(tool, full, args)
    if (text === full) return { text, full }
    return {
      text,
      full,
      cut: {
        keptChars: Math.min(text.length, full.length),
        totalChars: full.length,
        resumeAt: commonPrefixLength(text, full),
      },
    }
  }
  const max = outputLimit(tool, limit)
  if (options.externalTruncation === false || full.length <= max) return { text: full, full }
  if (options.truncation === 'head') {
    return {
      text: `${full.slice(0, max)}\n[... ${(full.length - max).toLocaleString('en-US')} more characters not shown ...]`,
      full,
      cut: { keptChars: max, totalChars: full.length, resumeAt: max },
    }
  }
  const cut = truncateHeadTail(full, max)
  return {
    text: cut.text,
    full,
    cut: { keptChars: full.length - cut.omitted, totalChars: full.length, resumeAt: cut.headLength },
  }
}

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++
  return i
}

/**
 * The note after a cut result: how much was shown, where the rest is, and the request that reads
 * on. `readingOn`: where that request reads, when it is not the result variable (a cut ReadVar
 * reads on in the variable it was reading).
 */
export function cutHint(
  cut: OutputCut,
  variable: string | undefined,
  readOnRequest: string | undefined,
  readingOn?: ReadOnTarget,
): string {
  const shown = `[Result cut: ${cut.keptChars.toLocaleString('en-US')} of ${cut.totalChars.toLocaleString('en-US')} characters shown.`
  if (!variable) return `${shown}]`
  const where = ` The full result is in variable "${variable}".`
  if (!readOnRequest) return `${shown}${where}]`
  const from =
    readingOn && readingOn.name !== variable
      ? `in "${readingOn.name}" from character ${readingOn.start.toLocaleString('en-US')}`
      : `from character ${cut.resumeAt.toLocaleString('en-US')}`
  return `${shown}${where} To read on ${from}, the first one not shown, send:\n${readOnRequest}\n]`
}
