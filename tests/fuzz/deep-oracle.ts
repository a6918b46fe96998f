/**
 * What a reply with one value nested thousands deep is owed: what every reply is owed
 * (tests/fuzz/oracle.ts: no throw, streamed equals one-shot, events borne out, positions inside),
 * by its own protocol or format and by auto; a native format also as native-oracle.ts reads it.
 */
import { checkReply, type Chunking } from './oracle'
import { checkNativeCase } from './native-oracle'
import type { DeepCase } from './deep-nesting'
import { NATIVE_FORMATS } from '../../src/core/protocols/native/formats'

const NATIVE_IDS = new Set(NATIVE_FORMATS.map((f) => f.id))

export function checkDeepCase(c: DeepCase, chunking: Chunking): string | null {
  if (NATIVE_IDS.has(c.protocol)) return checkNativeCase({ format: c.protocol, text: c.text }, chunking)
  for (const protocol of [c.protocol, 'auto']) {
    const problem = checkReply(c.text, protocol, chunking)
    if (problem !== null) return `${protocol}: ${problem}`
  }
  return null
}
