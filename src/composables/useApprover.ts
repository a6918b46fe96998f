/**
 * An approver for calls a person starts (the Parser's and the Executor's Run): a call whose tool
 * wants it approved is shown, with the tool's reason, before it runs.
 */
import { ElMessageBox } from 'element-plus'
import 'element-plus/es/components/message-box/style/css'
import { useI18n } from 'vue-i18n'
import type { PendingCall } from '../core'

export function useApprover(): (call: PendingCall) => Promise<boolean> {
  const { t } = useI18n()
  return async (call) => {
    try {
      await ElMessageBox.confirm(`${call.routingName}: ${call.approvalReason ?? ''}`, t('parser.needsApprovalTitle'), {
        type: 'warning',
        confirmButtonText: t('parser.approve'),
        cancelButtonText: t('common.cancel'),
      })
      return true
    } catch {
      return false
    }
  }
}
