/** Mistral's tool-call tokens, and the shape of its call ids. */
import type { FoundCall } from '../format'
import { say } from '../../../messages/say'

/** Opens a call (v11 on) or the array of calls (before v11). */
export const OPEN = '[TOOL_CALLS]'
/** Between a v11 call's name (and id) and its JSON arguments; some decoders drop it. */
export const ARGS = '[ARGS]'
/** v13: between a call's name and its id. */
export const CALL_ID = '[CALL_ID]'
/** Mistral's call ids are nine letters and digits. */
export const MISTRAL_ID = /^[A-Za-z0-9]{9}$/

/** Warns on a call whose id is not of Mistral's shape (the call still runs). */
export function checkId(call: FoundCall): void {
  if (call.id !== undefined && !MISTRAL_ID.test(call.id)) {
    call.problems.push({
      severity: 'warning',
      code: 'unusual-call-id',
      ...say('native.mistral.unusual-id', { id: JSON.stringify(call.id.slice(0, 40)), model: 'Mistral' }),
      offset: call.start,
      length: 0,
    })
  }
}
