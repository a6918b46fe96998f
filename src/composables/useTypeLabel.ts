/** Parameter types in the interface's language: `integer` is 整数 in Chinese, `string[]` 字符串[]. */
import { useI18n } from 'vue-i18n'

const KNOWN = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'enum', 'null', 'any'])

/** `typeLabel(type)`: a JSON Schema type (or `type[]`) in words; an unknown type is shown as written. */
export function useTypeLabel() {
  const { t } = useI18n()
  const typeLabel = (type: string): string => {
    if (type.endsWith('[]')) return `${typeLabel(type.slice(0, -2))}[]`
    return KNOWN.has(type) ? t(`types.${type}`) : type
  }
  return { typeLabel }
}
