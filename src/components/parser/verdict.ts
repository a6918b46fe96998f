import type { CallVerdict } from '../../core'

/** The tag colour of each verdict: green runs, orange waits or is skipped, red cannot run. */
export const verdictType: Record<CallVerdict, 'success' | 'warning' | 'danger' | 'info'> = {
  ready: 'success',
  'needs-approval': 'warning',
  'in-reasoning': 'info',
  quoted: 'info',
  malformed: 'danger',
  'unknown-tool': 'danger',
  'not-callable': 'warning',
  disabled: 'warning',
  'invalid-arguments': 'danger',
  denied: 'danger',
}
