/**
 * The chat templates of the models people run, vendored as data: each file is the template text
 * exactly as its source repository holds it at one commit (LICENSES.md lists them with their
 * licences). `formats` says which formats of this repo's catalog the model writes, read from how
 * the template renders an assistant turn's `tool_calls` (or asks for them): the ground truth for
 * inferring a format from a template.
 *
 * The metadata is plain data; the texts load lazily, so no template is in the page's first load.
 * In Node (the CLI), read them with `./node.ts`.
 */
import { LLAMA_CPP_TEMPLATES } from './sources/llama-cpp'
import { VLLM_TEMPLATES } from './sources/vllm'

/** One vendored chat template: where it came from, under which licence, and what the model writes. */
export interface VendoredTemplate {
  /** Kebab-case; the file is `vendored/<id>.jinja`. */
  id: string
  label: string
  /** The model family, for grouping: `Qwen`, `Llama`, `DeepSeek`, ... */
  family: string
  /** Format ids of `listFormats()` the model writes, the usual first; empty when it writes none of them. */
  formats: string[]
  source: {
    /** `owner/name` on GitHub. */
    repository: string
    path: string
    commit: string
    /** The file at that commit. */
    url: string
  }
  /** The source repository's licence, any licence the file states for itself, and the model's licence where known. */
  licence: string
  notes?: string
  /** Bos/eos as the model's tokenizer_config gives them, when the source says. */
  specialTokens?: Record<string, string>
  /** Variables of its own the template prints, which its model's callers pass to apply_chat_template. */
  variables?: Record<string, unknown>
  /** Of the file's bytes, as in the source; the tests check the vendored file against it. */
  sha256: string
}

/** Every vendored template, those from llama.cpp first. */
export const VENDORED_TEMPLATES: readonly VendoredTemplate[] = [...LLAMA_CPP_TEMPLATES, ...VLLM_TEMPLATES]

type TextLoaders = Record<string, () => Promise<string>>
let textLoaders: TextLoaders | undefined

// Vite (and Vitest) turn the glob into one lazy import per file; plain Node has no import.meta.glob.
function vendoredTextLoaders(): TextLoaders {
  try {
    textLoaders ??= import.meta.glob<string>('./vendored/*.jinja', { query: '?raw', import: 'default' })
  } catch (cause) {
    throw new Error(
      'loadVendoredTemplate needs Vite or Vitest; in Node use readVendoredTemplate from src/templates/node',
      {
        cause,
      },
    )
  }
  return textLoaders
}

/** The text of a vendored template, loaded on first use; throws for an id the catalog does not have. */
export async function loadVendoredTemplate(id: string): Promise<string> {
  const load = VENDORED_TEMPLATES.some((entry) => entry.id === id)
    ? vendoredTextLoaders()[`./vendored/${id}.jinja`]
    : undefined
  if (!load) throw new Error(`No vendored chat template "${id}"`)
  return load()
}
