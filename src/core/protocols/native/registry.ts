/** The native formats by id, each with its parser. */
import type { NativeFormat } from './format'
import { NATIVE_FORMATS } from './formats'
import { createNativeParser, type NativeFormatParser } from './protocol'

const byId = new Map<string, NativeFormatParser>(
  NATIVE_FORMATS.map((format) => [format.id, createNativeParser(format)]),
)

export function nativeFormats(): readonly NativeFormat[] {
  return NATIVE_FORMATS
}

/** The parser of a native format, by id; undefined for an id that is no native format. */
export function nativeFormatParser(id: string): NativeFormatParser | undefined {
  return byId.get(id)
}
