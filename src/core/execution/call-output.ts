/**
 * What a method's value becomes: text for the model (the tool's own formatForLLM, or the value
 * serialized), the images it holds, and the text cut to the call's limit with the full text kept
 * in variables and a hint to read on.
 */
import type { ResultImage, ToolRegistry } from '../types'
import type { Arguments } from './arguments'
import type { ExecuteOptions, Outcome } from './executor-types'
import { serializeResult } from './serialize'
import { errorMessage } from './error-message'
import { argsVariableName, resultVariableName } from '../results/variables'
import { cutHint, outputOptions, prepareOutput, type ToolOutputOptions } from '../results/output'
import { readOnRequest } from '../results/read-on'
import { isRecord } from '../own-record'

/** A returned value as the call's outcome: its text and images, or an error when it cannot be sent as text. */
export function methodValueOutcome(routingName: string, tool: object, value: unknown, args: Arguments): Outcome {
  const serialized = formatValue(tool, value, args)
  if (!serialized.ok)
    return {
      status: 'error',
      result: `"${routingName}" returned a value that cannot be sent as text: ${serialized.reason}`,
    }
  return { status: 'success', result: serialized.text, images: imagesOf(tool, value) }
}

/** The tool's own formatForLLM, else strings as-is and anything else as pretty JSON. */
function formatValue(tool: object, value: unknown, args: Arguments): ReturnType<typeof serializeResult> {
  const format = (tool as ToolOutputOptions).formatForLLM
  if (typeof format !== 'function') return serializeResult(value)
  try {
    const text = format.call(tool, value, args)
    return typeof text === 'string'
      ? { ok: true, text }
      : { ok: false, reason: `formatForLLM returned ${typeof text}, not text` }
  } catch (error) {
    return { ok: false, reason: `formatForLLM failed: ${errorMessage(error)}` }
  }
}

/** Only raster images a page can show as they are; anything else stays described in the text. */
const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const BASE64 = /^[A-Za-z0-9+/=]*$/

/** The images a tool says its value holds (MCP results carry them). */
function imagesOf(tool: object, value: unknown): ResultImage[] | undefined {
  const of = (tool as ToolOutputOptions).imagesOf
  if (typeof of !== 'function') return undefined
  try {
    const found: unknown = of.call(tool, value)
    if (!Array.isArray(found)) return undefined
    return found.filter(
      (image): image is ResultImage =>
        isRecord(image) &&
        SHOWN_IMAGE_TYPES.has(image.mimeType as string) &&
        typeof image.data === 'string' &&
        BASE64.test(image.data),
    )
  } catch {
    return undefined
  }
}

/** Which call an output belongs to, as its variables are named. */
export interface OutputOwner {
  tool: ToolRegistry
  method: string
  args: Arguments
  /** The output limit the call asked for, when it did. */
  limit: number | undefined
  /** The id of the call's variables. */
  requestId: string
  routingName: string
}

/** The full text kept in variables; the model gets it cut to the limit, with a hint to read on. */
export function shapeOutput(ran: Outcome, owner: OutputOwner, options: ExecuteOptions): Outcome {
  const { tool, args, requestId, routingName } = owner
  const prepared = prepareOutput(ran.result, tool, args, owner.limit)
  const store = options.variables
  const variable = store ? resultVariableName(routingName, requestId) : undefined
  if (store && variable) {
    store.set({
      name: argsVariableName(routingName, requestId),
      value: JSON.stringify(args),
      type: 'args',
      toolName: routingName,
      requestId,
    })
    store.set({ name: variable, value: prepared.full, type: 'result', toolName: routingName, requestId })
  }
  if (!prepared.cut) return { status: ran.status, result: prepared.text, variable, images: ran.images }
  const resumeAt = prepared.cut.resumeAt
  const target = variable
    ? (outputOptions(tool).readOnAt?.(resumeAt, args, owner.method) ?? { name: variable, start: resumeAt })
    : undefined
  const request = target
    ? readOnRequest(options.resultProtocol ?? 'vcp', target.name, target.start, target.length)
    : undefined
  return {
    status: ran.status,
    result: `${prepared.text}\n\n${cutHint(prepared.cut, variable, request, target)}`,
    cut: prepared.cut,
    variable,
    images: ran.images,
  }
}
