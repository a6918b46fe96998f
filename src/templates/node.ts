/** The vendored chat templates for Node (the CLI, scripts, tests): read from disk with node:fs. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { VENDORED_TEMPLATES } from './catalog'

/** The folder that holds the `<id>.jinja` files. */
export const VENDORED_TEMPLATES_DIR = fileURLToPath(new URL('./vendored/', import.meta.url))

/** Where a vendored template's file is; throws for an id the catalog does not have. */
export function vendoredTemplatePath(id: string): string {
  if (!VENDORED_TEMPLATES.some((entry) => entry.id === id)) throw new Error(`No vendored chat template "${id}"`)
  return join(VENDORED_TEMPLATES_DIR, `${id}.jinja`)
}

/** The text of a vendored template, as UTF-8. */
export async function readVendoredTemplate(id: string): Promise<string> {
  return readFile(vendoredTemplatePath(id), 'utf8')
}
