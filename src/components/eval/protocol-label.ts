/** How the pane names a protocol or format: the lab's protocols in words, `auto` as the Parser says it, formats by their label. */
import { useI18n } from 'vue-i18n'
import { listFormats } from '../../core'

let formatLabels: Map<string, string> | null = null

/** A function naming protocol ids in the interface's language (an id it does not know stays as it is). */
export function useProtocolLabel(): (id: string) => string {
  const { t, te } = useI18n()
  formatLabels ??= new Map(listFormats().map((f) => [f.id, f.label]))
  const labels = formatLabels
  return (id) => {
    if (id === 'auto') return t('parser.autoDetect')
    if (te(`eval.protocols.${id}`)) return t(`eval.protocols.${id}`)
    return labels.get(id) ?? id
  }
}
