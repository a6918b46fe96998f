/**
 * Templates from llama.cpp's models/templates/: most are the chat templates of Hugging Face models,
 * named after their repositories, some as llama.cpp fixed them. The commit is the last one that
 * changed the folder (2026-06-06).
 */
import type { VendoredTemplate } from '../catalog'

const REPOSITORY = 'ggml-org/llama.cpp'
const COMMIT = '98d5e8ba8a2642710c9871d05ac1033a3328b884'
const LICENCE = 'MIT (ggml-org/llama.cpp); model licence unknown (not stated in the source)'

export type Entry = Omit<VendoredTemplate, 'source' | 'licence'> & { licence?: string }

export function fromLlamaCpp(file: string, entry: Entry): VendoredTemplate {
  const path = `models/templates/${file}`
  return {
    ...entry,
    source: {
      repository: REPOSITORY,
      path,
      commit: COMMIT,
      url: `https://github.com/${REPOSITORY}/blob/${COMMIT}/${path}`,
    },
    licence: entry.licence ?? LICENCE,
  }
}
