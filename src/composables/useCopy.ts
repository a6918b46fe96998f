/** Copying to the clipboard with a message either way: the browser may refuse (no permission, no focus). */
import { ElMessage } from 'element-plus'
import 'element-plus/es/components/message/style/css'
import { useI18n } from 'vue-i18n'

export function useCopy() {
  const { t } = useI18n()
  /** `showInMessage`: when the browser refuses, the message carries the text so it can still be selected. */
  return async function copy(text: string, showInMessage = false): Promise<void> {
    try {
      await navigator.clipboard.writeText(text)
      ElMessage.success(t('common.copied'))
    } catch {
      ElMessage.warning(showInMessage ? `${t('common.copyFailed')} ${text}` : t('common.copyFailed'))
    }
  }
}
