import type { ToolExecutionStatus } from '../../core'

/** The Element Plus tag type for each result status, the same in every pane. */
export const statusType: Record<ToolExecutionStatus, 'success' | 'danger' | 'warning' | 'info'> = {
  success: 'success',
  error: 'danger',
  denied: 'warning',
  timeout: 'warning',
  aborted: 'info',
}
