/** What the tagged JSON formats share: their family, and the call their examples show. */
import type { RenderableCall } from '../format'
import { spacedJson } from '../json-pieces'

/** The family the tagged JSON formats are listed under. */
export const FAMILY = 'JSON (tagged)'

/** A call as the JSON object `{"name": ..., "arguments": {...}}` (or another arguments key), spaced as models write it. */
export function callJson(call: RenderableCall, argumentKey = 'arguments'): string {
  return spacedJson({ name: call.toolName, [argumentKey]: call.arguments })
}

/** The call each format's example renders. */
export const EXAMPLE_CALL: RenderableCall = { toolName: 'calc_evaluate', arguments: { expression: '6*7' } }
