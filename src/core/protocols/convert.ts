/**
 * Converting a parsed call between paradigms, for "copy as" in the Parser pane. VCP carries text;
 * the JSON paradigms carry typed values: a VCP value goes over as a string, a typed value comes to
 * VCP as its JSON text (the executor turns it back into its type from the method's parameters).
 */
import type { ParsedRequest } from '../types'
import { protocolRegistry } from './registry'
import { nativeFormatParser } from './native/registry'
import { stableStringify } from '../text/stable-hash'
import { isRecord } from '../own-record'
import { encodeValue, isValidVcpKey, renderVcpRequest } from './vcp/render'
import { stringArguments } from './json/calls'
import { hermesProtocol } from './json/hermes'
import { jsonBlockProtocol } from './json/json-block'
import { xmlProtocol } from './json/xml-tag'
import type { CallToRender } from './json/paradigm'

/** A call written in another syntax, and whether it reads back as the same call. */
export interface ConvertedRequest {
  /** The call in the target's syntax. */
  text: string
  /** False when the target cannot carry the call exactly; `notes` says what changed. */
  lossless: boolean
  notes: string[]
}

type Renderer = (call: CallToRender) => string

const JSON_RENDERERS: Record<string, Renderer> = {
  json: jsonBlockProtocol.renderCall,
  xml: xmlProtocol.renderCall,
  hermes: hermesProtocol.renderCall,
}

/** A parsed request, or any call with the same fields (no id: the target's parser assigns one). */
export type ConvertibleCall = Pick<ParsedRequest, 'toolName' | 'args' | 'arguments'> & { requestId?: string }

/** The request written in another protocol's or a model's native syntax. Throws for an unknown id. */
export function convertRequest(request: ConvertibleCall, toProtocolId: string): ConvertedRequest {
  const typed = isRecord(request.arguments) ? request.arguments : null
  const native = nativeFormatParser(toProtocolId)
  if (native && !protocolRegistry.get(toProtocolId)) {
    const args = typed ?? { ...request.args }
    const text = native.format.render({ toolName: request.toolName, arguments: args, requestId: request.requestId })
    // Some formats write every value as text (XML parameters): read back without the tool's
    // schema, a number or a boolean is a string, which the note says.
    const back = native.parseToolRequests(text).requests
    if (
      back.length === 1 &&
      back[0]?.toolName === request.toolName &&
      stableStringify(back[0].arguments) === stableStringify(args)
    )
      return { text, lossless: true, notes: [] }
    return {
      text,
      lossless: false,
      notes: [
        `${native.label} writes values as text: a reader gives them their types from the tool's schema, and without it they read back as ${describeBack(back)}.`,
      ],
    }
  }
  protocolRegistry.require(toProtocolId)
  const notes: string[] = []
  if (toProtocolId === 'vcp') {
    const args = typed ? stringArguments(typed) : request.args
    if (typed && Object.values(typed).some((v) => typeof v !== 'string')) {
      notes.push(
        'Numbers, booleans, objects and arrays are written as their JSON text; the executor reads them back by the parameter types.',
      )
    }
    const badKeys = Object.keys(args).filter((key) => !isValidVcpKey(key))
    if (badKeys.length > 0) {
      return {
        text: '',
        lossless: false,
        notes: [
          `VCP keys are letters, digits, "_" and "-": ${badKeys.map((k) => `"${k}"`).join(', ')} cannot be written.`,
        ],
      }
    }
    const lossy = Object.keys(args).filter(
      (key) => !encodeValue(args[key] as string).lossless || (args[key] as string).trim() !== args[key],
    )
    if (lossy.length > 0)
      notes.push(
        `VCP trims values and cannot hold every marker verbatim: ${lossy.map((k) => `"${k}"`).join(', ')} may read back differently.`,
      )
    return {
      text: renderVcpRequest({ toolName: request.toolName, args, requestId: request.requestId }),
      lossless: lossy.length === 0,
      notes,
    }
  }
  const render = JSON_RENDERERS[toProtocolId]
  if (!render) throw new Error(`Protocol "${toProtocolId}" cannot render single calls.`)
  return {
    text: render({ toolName: request.toolName, arguments: typed ?? { ...request.args }, requestId: request.requestId }),
    lossless: true,
    notes,
  }
}

function describeBack(requests: readonly ConvertibleCall[]): string {
  if (requests.length !== 1) return `${requests.length} calls`
  return JSON.stringify(requests[0]?.arguments ?? requests[0]?.args ?? {})
}
