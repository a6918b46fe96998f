/**
 * Writing VCP text that the parser reads back verbatim: values, fields, request blocks.
 */
import { isKeyChar } from './chars'
import { scanVcpBlocks } from './blocks'

export type ValueEncoding = 'plain' | 'escape' | 'exp'

const WRAPPERS: Record<ValueEncoding, [string, string]> = {
  plain: ['「始」', '「末」'],
  escape: ['「始ESCAPE」', '「末ESCAPE」'],
  exp: ['「始exp」', '「末exp」'],
}

/** A value wrapped for a VCP field, and the wrapping it needed. */
export interface EncodedValue {
  /** The value in its markers, ready to follow `key:`. */
  text: string
  /** The lightest form that reads back verbatim (`escape` when none does). */
  encoding: ValueEncoding
  /** False when no form carries the value verbatim (it holds every closing marker). */
  lossless: boolean
}

/**
 * Wraps a value in markers: plain when that reads back unchanged, otherwise `「始ESCAPE」`,
 * otherwise `「始exp」`. Values are trimmed when read, so outer white space is not kept.
 */
export function encodeValue(value: string, blockName = 'TOOL_REQUEST'): EncodedValue {
  for (const encoding of ['plain', 'escape', 'exp'] as const) {
    const text = wrap(value, encoding)
    if (readsBack(text, value, blockName)) return { text, encoding, lossless: true }
  }
  return { text: wrap(value, 'escape'), encoding: 'escape', lossless: false }
}

function wrap(value: string, encoding: ValueEncoding): string {
  const [open, close] = WRAPPERS[encoding]
  return open + value + close
}

function readsBack(wrapped: string, value: string, blockName: string): boolean {
  // Fast answer for the common case: nothing in the value that a marker could start with.
  if (!/[<「{]/.test(value)) return true
  const probe = `<<<[${blockName}]>>>\nv:${wrapped}\n<<<[END_${blockName}]>>>`
  const { blocks, diagnostics } = scanVcpBlocks(probe, blockName)
  const fields = blocks[0]?.fields
  return blocks.length === 1 && diagnostics.length === 0 && fields?.length === 1 && fields[0]?.value === value.trim()
}

/** True when `key` can be written as a VCP key (letters, digits, marks, `_`, `-`). */
export function isValidVcpKey(key: string): boolean {
  if (key.length === 0) return false
  for (let k = 0; k < key.length; k++) if (!isKeyChar(key, k)) return false
  return true
}

/** One request to write as a VCP block. */
export interface RenderRequestInput {
  /** The routing name (`toolId_methodName`). */
  toolName: string
  /** Argument values as text; every key must pass `isValidVcpKey`. */
  args: Record<string, string>
  /** Written as `request_id` when given. */
  requestId?: string
}

/**
 * A canonical request block: `tool_name` first, then `request_id`, then the arguments in order, each
 * value encoded to read back verbatim. Throws a TypeError for a key VCP cannot write.
 */
export function renderVcpRequest({ toolName, args, requestId }: RenderRequestInput): string {
  const lines = [`tool_name:${encodeValue(toolName).text}`]
  if (requestId !== undefined) lines.push(`request_id:${encodeValue(requestId).text}`)
  for (const key of Object.keys(args)) {
    if (!isValidVcpKey(key))
      throw new TypeError(`"${key}" cannot be written as a VCP key: use letters, digits, "_" or "-"`)
    lines.push(`${key}:${encodeValue(args[key] as string).text}`)
  }
  return `<<<[TOOL_REQUEST]>>>\n${lines.join(',\n')}\n<<<[END_TOOL_REQUEST]>>>`
}
