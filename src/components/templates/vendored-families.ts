/** The vendored templates as the pickers list them: grouped by family, families in their first appearance's order. */
import { VENDORED_TEMPLATES, type VendoredTemplate } from '../../templates/catalog'

export interface TemplateFamily {
  family: string
  entries: VendoredTemplate[]
}

export function vendoredFamilies(entries: readonly VendoredTemplate[] = VENDORED_TEMPLATES): TemplateFamily[] {
  const groups = new Map<string, VendoredTemplate[]>()
  for (const entry of entries) groups.set(entry.family, [...(groups.get(entry.family) ?? []), entry])
  return [...groups].map(([family, members]) => ({ family, entries: members }))
}
