/**
 * Every format the parser reads, text protocols and models' native formats alike, as one list
 * for the Parser pane, `vcp formats` and the docs: id, family, models, an example.
 */
import type { ServerFlags } from './native/format'
import { nativeFormats } from './native/registry'
import { protocolRegistry } from './registry'
import { convertRequest } from './convert'

/** One format the parser reads, as the catalog describes it; pass `id` as a parse's protocol id. */
export interface FormatInfo {
  id: string
  label: string
  /** The group it is listed under: `TEXT_PROTOCOL_FAMILY`, or a native format's family. */
  family: string
  /** The models (or prompts) known to write it, for people. */
  models: readonly string[]
  /** A reply with one call of `calc_evaluate` in this format. */
  example: string
  /** What opens a call in it. */
  openers: readonly string[]
  /** False for formats auto takes only with evidence (a model hint, or a call of a given tool). */
  delimited: boolean
  /** The inference servers' options that parse it into `tool_calls`, where known. */
  serverFlags?: ServerFlags
  notes?: string
}

/** The `family` of the text protocols (VCP, JSON, XML, Hermes), as opposed to models' native formats. */
export const TEXT_PROTOCOL_FAMILY = 'Text protocols'

const TEXT_PROTOCOL_MODELS: Record<string, { models: string[]; openers: string[]; serverFlags?: ServerFlags }> = {
  vcp: { models: ['any model prompted with the VCP tools prompt (VCPToolBox)'], openers: ['<<<[TOOL_REQUEST]>>>'] },
  json: { models: ['any model prompted with the JSON block tools prompt'], openers: ['{"tool_calls"'] },
  xml: { models: ['any model prompted with the <tool_code> tools prompt'], openers: ['<tool_code>'] },
  hermes: {
    models: [
      'Qwen2.5',
      'Qwen3',
      'QwQ',
      'Hermes 2 Pro',
      'Hermes 3',
      'ERNIE 4.5',
      'any model prompted with the Hermes tools prompt',
    ],
    openers: ['<tool_call>'],
    serverFlags: {
      vllm: '--tool-call-parser hermes',
      sglang: '--tool-call-parser qwen25',
      llamaCpp: 'Hermes 2 Pro (--jinja)',
    },
  },
}

const EXAMPLE_CALL = { toolName: 'calc_evaluate', args: { expression: '6*7' }, arguments: { expression: '6*7' } }

/** Every format the parser reads: the registered text protocols, then the native formats (a new list each call). */
export function listFormats(): FormatInfo[] {
  const text: FormatInfo[] = protocolRegistry.list().map((protocol) => {
    const known = TEXT_PROTOCOL_MODELS[protocol.id]
    return {
      id: protocol.id,
      label: protocol.label,
      family: TEXT_PROTOCOL_FAMILY,
      models: known?.models ?? [],
      example: convertRequest(EXAMPLE_CALL, protocol.id).text,
      openers: known?.openers ?? [],
      delimited: true,
      ...(known?.serverFlags ? { serverFlags: known.serverFlags } : {}),
    }
  })
  const native: FormatInfo[] = nativeFormats().map((format) => ({
    id: format.id,
    label: format.label,
    family: format.family,
    models: format.models,
    example: format.example,
    openers: format.openers,
    delimited: format.delimited,
    ...(format.serverFlags ? { serverFlags: format.serverFlags } : {}),
    ...(format.notes ? { notes: format.notes } : {}),
  }))
  return [...text, ...native]
}
