/**
 * The core's texts (diagnostics, plan reasons, detected formats, fixes) in the interface's
 * language: the core writes English and keeps each message's id and parameters beside it.
 */
import { useI18n } from 'vue-i18n'
import {
  chineseMessages,
  englishMessages,
  messageIn,
  renderMessage,
  type Localizable,
  type MessageRef,
  type MessageTable,
} from '../core'

/** The message table of an interface locale; English for any locale without its own. */
export function coreMessageTable(locale: string): MessageTable {
  return locale.startsWith('zh') ? chineseMessages : englishMessages
}

/** `text(finding)` renders a finding, `textOf(ref, english)` a bare message reference (or the English text without one). */
export function useCoreText() {
  const { locale } = useI18n()
  return {
    text: (found: Localizable): string => messageIn(coreMessageTable(locale.value), found),
    textOf: (ref: MessageRef | undefined, english: string): string =>
      ref ? renderMessage(ref, coreMessageTable(locale.value), englishMessages) : english,
  }
}
