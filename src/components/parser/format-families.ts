/** Every format a call can be read from or written in, grouped by family, computed once. */
import { listFormats, type FormatInfo } from '../../core'

let families: [string, FormatInfo[]][] | null = null

export function formatFamilies(): [string, FormatInfo[]][] {
  if (families) return families
  const byFamily = new Map<string, FormatInfo[]>()
  for (const format of listFormats()) byFamily.set(format.family, [...(byFamily.get(format.family) ?? []), format])
  return (families = [...byFamily])
}

/** The i18n key of a family's name ("JSON (tagged)" -> parser.family.json-tagged). */
export function familyKey(family: string): string {
  return `parser.family.${family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ /g, '-')}`
}
