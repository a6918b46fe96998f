/**
 * The round trip of calls through a template and a format: the template renders an assistant turn
 * with the calls, the format's reader reads the turn, and the calls read back should be the calls
 * sent (names, and arguments structurally). What a model sees of its own past calls is then what
 * it would write, and what a server reading that format would give back.
 */
import { callDifferences, plainCalls, readCalls, sameCalls, type TemplateCall } from './calls'
import { createProbeRenderer, type ProbeOptions, type ProbeRenderer } from './probe-render'
import { assistantMessage, ONE_CALL, toolsForCalls, userMessage, type ArgumentsAs } from './probe'
import { listFormats } from '../protocols/formats-catalog'
import { isRecord } from '../own-record'

export interface RoundTripOptions extends ProbeOptions {
  /**
   * How the assistant message carries the arguments; 'auto' tries an object, then JSON text when
   * the template fails or garbles objects.
   * @default 'auto'
   */
  argumentsAs?: ArgumentsAs | 'auto'
  /**
   * The tools offered, OpenAI-style: the reader types text values by their schemas.
   * @default tools made from the calls, each argument typed by its value
   */
  tools?: readonly unknown[]
}

export interface RoundTrip {
  /** The calls read back are the calls sent. */
  identical: boolean
  sent: TemplateCall[]
  readBack: TemplateCall[]
  /** The text the assistant turn adds to the conversation ('' when the template failed). */
  rendered: string
  /** How the arguments were given to the template in the trip reported. */
  argumentsAs: ArgumentsAs
  /** What went wrong, one sentence each; empty when identical. */
  problems: string[]
}

/**
 * Renders `calls` (by default one call of `probe_tool_a` with a string and an integer) as an
 * assistant turn of `template` and reads the turn back with `format`. Never throws.
 */
export function roundTrip(
  template: string,
  format: string,
  calls: readonly TemplateCall[] = ONE_CALL,
  options: RoundTripOptions = {},
): RoundTrip {
  const sent = plainCalls(calls)
  try {
    const invalid = invalidInput(format, calls)
    if (invalid) return failed(sent, 'object', invalid)
    return roundTripWith(createProbeRenderer(template, options), format, sent, options)
  } catch (error) {
    return failed(sent, 'object', `The round trip failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The round trip with the template's renderer: objects first, then JSON text, unless told which. */
function roundTripWith(
  renderer: ProbeRenderer,
  format: string,
  sent: readonly TemplateCall[],
  options: Pick<RoundTripOptions, 'argumentsAs' | 'tools'> = {},
): RoundTrip {
  const tools = options.tools ?? toolsForCalls(sent)
  const modes: ArgumentsAs[] =
    options.argumentsAs === undefined || options.argumentsAs === 'auto'
      ? ['object', 'json-string']
      : [options.argumentsAs]
  const trips: RoundTrip[] = []
  for (const argumentsAs of modes) {
    const trip = once(renderer, format, sent, tools, argumentsAs)
    if (trip.identical) return trip
    trips.push(trip)
  }
  // Neither way reads back: report the trip that rendered (the first if both did), with every problem.
  const shown = trips.find((trip) => trip.rendered !== '') ?? (trips[0] as RoundTrip)
  return { ...shown, problems: trips.flatMap((trip) => trip.problems) }
}

function once(
  renderer: ProbeRenderer,
  format: string,
  sent: readonly TemplateCall[],
  tools: readonly unknown[],
  argumentsAs: ArgumentsAs,
): RoundTrip {
  const turn = renderer.turn([userMessage()], assistantMessage(sent, argumentsAs), tools)
  const how = argumentsAs === 'object' ? 'as an object' : 'as JSON text'
  if (!turn.ok)
    return failed(
      plainCalls(sent),
      argumentsAs,
      `With arguments ${how}, the template fails (${turn.error.kind}): ${turn.error.message}`,
    )
  const readBack = plainCalls(readCalls(turn.span, format, tools))
  const identical = sameCalls(sent, readBack)
  const problems = identical
    ? []
    : callDifferences(sent, readBack).map((difference) => `With arguments ${how}: ${difference}`)
  return { identical, sent: plainCalls(sent), readBack, rendered: turn.span, argumentsAs, problems }
}

function invalidInput(format: string, calls: readonly TemplateCall[]): string | null {
  if (!listFormats().some((info) => info.id === format)) return `No format "${format}": see listFormats().`
  if (calls.length === 0) return 'There is no call to send.'
  const bad = calls.findIndex((call) => typeof call.name !== 'string' || call.name === '' || !isRecord(call.arguments))
  return bad === -1 ? null : `Call ${bad + 1} needs a name and an arguments object.`
}

function failed(sent: TemplateCall[], argumentsAs: ArgumentsAs, problem: string): RoundTrip {
  return { identical: false, sent, readBack: [], rendered: '', argumentsAs, problems: [problem] }
}
