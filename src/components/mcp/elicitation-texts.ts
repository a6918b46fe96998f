/** The elicitation form's sentences in the interface's language: notices, problems and each field's hint. */
import { useI18n } from 'vue-i18n'
import type { ElicitationField, ElicitationNotice, ElicitationProblem } from '../../core/mcp'

/** What {@link useElicitationTexts} returns. */
export interface ElicitationTexts {
  /** Why part of the request is not shown as sent. */
  noticeText(notice: ElicitationNotice): string
  /** What is wrong with a field's value. */
  problemText(problem: ElicitationProblem): string
  /** What a field expects (format, length, range, how many choices); '' when nothing needs saying. */
  hintText(field: ElicitationField): string
}

/** The texts, read through the app's i18n (call inside a component's setup). */
export function useElicitationTexts(): ElicitationTexts {
  const { t } = useI18n()
  const formatName = (format: string) => t(`mcpElicitation.format.${format}`)

  function noticeText(notice: ElicitationNotice): string {
    return t(`mcpElicitation.notice.${notice.code}`, {
      field: notice.field ?? '',
      count: (notice.count ?? 0).toLocaleString(),
      detail: notice.detail ?? '',
    })
  }

  function problemText(problem: ElicitationProblem): string {
    const limit = problem.limit ?? ''
    return t(`mcpElicitation.problem.${problem.code}`, {
      limit,
      format: problem.code === 'format' ? formatName(String(limit)) : '',
    })
  }

  /** `both`, `min` or `max` of a bound pair, as its sentence. */
  function bounds(min: number | undefined, max: number | undefined, keys: [string, string, string]): string[] {
    if (min !== undefined && max !== undefined) return [t(`mcpElicitation.hint.${keys[0]}`, { min, max })]
    if (min !== undefined) return [t(`mcpElicitation.hint.${keys[1]}`, { min })]
    if (max !== undefined) return [t(`mcpElicitation.hint.${keys[2]}`, { max })]
    return []
  }

  function hintText(field: ElicitationField): string {
    const parts: string[] = []
    if (field.format) parts.push(t('mcpElicitation.hint.format', { format: formatName(field.format) }))
    parts.push(...bounds(field.minLength, field.maxLength, ['length', 'minLength', 'maxLength']))
    parts.push(...bounds(field.minimum, field.maximum, ['range', 'minimum', 'maximum']))
    parts.push(...bounds(field.minItems, field.maxItems, ['items', 'minItems', 'maxItems']))
    return parts.join(' ')
  }

  return { noticeText, problemText, hintText }
}
