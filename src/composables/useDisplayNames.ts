/**
 * Names shown in the interface's language: what the app named itself (a new chat, the default
 * agent, the manual model) is translated until somebody renames it; a person's names stay as typed.
 */
import { useI18n } from 'vue-i18n'
import { DEFAULT_NAMES } from '../saved-chats/model'

export function useDisplayNames() {
  const { t } = useI18n()
  const defaults: Record<string, string> = {
    [DEFAULT_NAMES.session]: 'chat.defaultNames.session',
    [DEFAULT_NAMES.agent]: 'chat.defaultNames.agent',
    [DEFAULT_NAMES.manualProfile]: 'chat.defaultNames.manualProfile',
    [DEFAULT_NAMES.endpoint]: 'chat.defaultNames.endpoint',
  }
  /** The name as saved, translated when it is one the app gave. */
  const displayName = (name: string): string =>
    Object.prototype.hasOwnProperty.call(defaults, name) ? t(defaults[name] as string) : name
  return { displayName }
}
