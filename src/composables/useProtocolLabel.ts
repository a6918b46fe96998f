/**
 * Protocol and format names in the interface's language. Most are names (VCP, Hermes, Mistral)
 * and stay as written; the few with a word in them are translated (the families are the Parser's).
 */
import { useI18n } from 'vue-i18n'

/** Ids whose label holds a word, keyed in the `protocolLabels` messages. */
const TRANSLATED_LABELS = new Set(['json', 'llama3-builtin'])
/** `protocolLabel(id, english)`: the translated name, or the name as written. */
export function useProtocolLabel() {
  const { t } = useI18n()
  return {
    protocolLabel: (id: string, english: string): string =>
      TRANSLATED_LABELS.has(id) ? t(`types.protocolLabels.${id}`) : english,
  }
}
