/** The sentences an inference gives as its reason: what read what, and why nothing did. */
import type { Candidate, FormatReading, Ranking } from './infer-rank'
import type { NamedFormat } from './prompt-markers'
import type { TemplateError } from './probe-render'
import type { ArgumentsAs } from './probe'

/** Why `best` is the answer: what it read from each turn, and which formats read the same. */
export function readerReason(
  best: Candidate,
  ranking: Ranking,
  sameReading: readonly string[],
  hinted: boolean,
): string {
  const twoCalls = best.readings.get('two-calls')
  const what = best.exact ? 'the call' : 'the name of the call'
  const both = !twoCalls
    ? ' (the template refuses two calls in a turn)'
    : !ranking.twoCallsTell
      ? ' (the template drops the second of two calls in a turn)'
      : best.complete
        ? `, ${best.exact ? 'both calls' : 'the names of both calls'} of the two-call turn`
        : `, but ${twoCalls.calls.length} of the two-call turn's 2 calls`
  const garbled = best.exact
    ? ''
    : ` It reads the arguments as ${JSON.stringify(best.readings.get('one-call')?.calls[0]?.arguments ?? {})}: the template garbles them.`
  const looks = best.writesAlike
    ? ' The turn writes the call as the format does.'
    : best.marked
      ? ''
      : ' Neither its markers nor its way of writing a call are in the turn.'
  return `${best.label} (${best.format}) reads back ${what} planted in the assistant turn${both}, and nothing from the text-only turn.${garbled}${looks}${tieNote(best.format, sameReading, hinted)}`
}

function tieNote(chosen: string, others: readonly string[], hinted: boolean): string {
  if (others.length === 0) return ''
  const one = others.length === 1
  const why = hinted ? "the model hint (or the catalog's order)" : "the catalog's order"
  return ` ${others.join(', ')} read${one ? 's' : ''} every turn the same: the template cannot tell ${one ? 'it' : 'them'} apart from ${chosen}, which ${why} puts first.`
}

/** The reason, told how the arguments were given when objects did not do. */
export function withArguments(
  reason: string,
  argumentsAs: ArgumentsAs,
  objectError: TemplateError | undefined,
): string {
  if (argumentsAs === 'object') return reason
  const how = objectError
    ? `with arguments as an object the template fails (${sentence(objectError.message)})`
    : 'with arguments as an object no format reads the call back'
  return `${reason} The arguments were given as JSON text: ${how}.`
}

/** Why the prompt's markers decide, after what the turns showed. */
export function promptReason(turns: string, asked: NamedFormat, others: readonly NamedFormat[]): string {
  if (asked.signature !== undefined)
    return `${turns} The prompt introduces the tools with ${JSON.stringify(asked.signature)}, as only ${asked.label}'s templates do: the model writes ${asked.label} (${asked.format}).`
  const openers = asked.openers.map((opener) => JSON.stringify(opener)).join(', ')
  const how = asked.claimed ? 'writes a call in its format' : 'names its markers'
  const also =
    others.length > 0 ? ` (${others.map((entry) => entry.format).join(', ')} open with the same markers)` : ''
  return `${turns} Where the prompt lists the tools, it ${how} (${openers}): the model writes ${asked.label} (${asked.format})${also}.`
}

/** What the turns show when no reader read the planted call. */
export interface NoReading {
  /** The one-call turn with arguments as an object, and as JSON text. */
  turns: { span: string; error?: TemplateError; readers: FormatReading[] }[]
  /** Readers that read the call out of markers they do not know. */
  inside: { format: string; markers: string }[]
  toolName: string
}

/** Why no format reads the turns. */
export function noReadingReason({ turns, inside, toolName }: NoReading): string {
  const rendered = turns.filter((turn) => !turn.error)
  const failed = turns.find((turn) => turn.error)?.error
  if (rendered.length === 0 && failed) return failedReason(failed, 'an assistant turn with a tool call')
  const span = rendered[0]?.span ?? ''
  if (!rendered.some((turn) => turn.span.includes(toolName)))
    return `The template does not render an assistant turn's tool calls: the turn with a call of ${toolName} adds ${excerpt(span)}, without the tool's name.`
  if (inside.length > 0) {
    const formats = [...new Set(inside.map((entry) => entry.format))].join(', ')
    return `The template writes calls in a format none of ours reads: ${formats} read the call only from inside markers of another format (${inside[0]?.markers}) in the turn ${excerpt(span)}.`
  }
  const readers = rendered.flatMap((turn) => turn.readers)
  const found = readers.length > 0 ? ` Readers that found something else: ${describe(readers)}.` : ''
  return `No format reads the planted call back from the turn ${excerpt(span)}.${found}`
}

/** The template's failure, with its kind and place. */
export function failedReason(error: TemplateError, what: string): string {
  const column = error.column !== undefined ? `:${error.column}` : ''
  const place = error.line !== undefined ? ` at line ${error.line}${column}` : ''
  return `The template fails on ${what} (${error.kind}${place}): ${error.message}`
}

/** A message as the middle of a sentence: without its closing full stop. */
export function sentence(message: string): string {
  return message.replace(/\.\s*$/, '')
}

/** A message as a whole sentence: with a closing full stop unless it has one (or `!`, `?`). */
export function withStop(message: string): string {
  const trimmed = message.trimEnd()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

function describe(readers: readonly FormatReading[]): string {
  const seen = new Map<string, string>()
  for (const { format, calls } of readers) {
    if (!seen.has(format))
      seen.set(format, `${format} read ${calls.map((c) => `${c.name} ${JSON.stringify(c.arguments)}`).join(', ')}`)
  }
  return [...seen.values()].slice(0, 4).join('; ')
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}...` : text)
}

/**
 * Whether `error` is one that llama.cpp's engine does not raise: a list or dict method refused by
 * transformers' sandbox, or a filter's one-pass result used as a list.
 */
export function llamaCppAllows(error: TemplateError): boolean {
  return (
    /^SecurityError: access to attribute '\w+' of '(list|dict)' object is unsafe/.test(error.message) ||
    /generator/.test(error.message)
  )
}

export function llamaCppReason(error: TemplateError): string {
  const place = error.line !== undefined ? ` at line ${error.line}` : ''
  return (
    `Under transformers the template fails${place} (${sentence(error.message)}), which llama.cpp's engine ` +
    `allows, so it was rendered as llama.cpp renders it (lists changed in place, filters giving lists).`
  )
}
