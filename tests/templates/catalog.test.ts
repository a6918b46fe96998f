import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { listFormats, protocolRegistry } from '../../src/core'
import { loadVendoredTemplate, VENDORED_TEMPLATES } from '../../src/templates/catalog'
import { readVendoredTemplate, VENDORED_TEMPLATES_DIR, vendoredTemplatePath } from '../../src/templates/node'

/**
 * Formats with no vendored template, and why: their templates live in the models' Hugging Face
 * repositories (gemma's is prompted), and no repository that could be copied holds one.
 */
const WITHOUT_TEMPLATE: Record<string, string> = {
  ernie45: 'no ERNIE 4.5 template in llama.cpp, vLLM or SGLang',
  longcat: 'no LongCat-Flash template in llama.cpp, vLLM or SGLang',
  step3: 'no Step-3 template; Step-3.5-Flash, which llama.cpp has, writes qwen3-coder',
  olmo3: "vLLM's OLMo 3 template is not at the vLLM commit vendored",
  gemma: 'the ```tool_code block is a prompted format: no template found teaches it',
}

const LICENSES = readFileSync(new URL('../../src/templates/LICENSES.md', import.meta.url), 'utf8')
const fileBytes = (id: string): Buffer => readFileSync(vendoredTemplatePath(id))

describe('vendored chat templates', () => {
  it('has a file for every entry and an entry for every file', () => {
    const files = readdirSync(VENDORED_TEMPLATES_DIR).sort()
    expect(files).toEqual(VENDORED_TEMPLATES.map((entry) => `${entry.id}.jinja`).sort())
  })

  it('gives every entry its own kebab-case id', () => {
    const ids = VENDORED_TEMPLATES.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/)
  })

  it('keeps every file byte for byte as its source has it', () => {
    for (const entry of VENDORED_TEMPLATES) {
      expect(createHash('sha256').update(fileBytes(entry.id)).digest('hex'), entry.id).toBe(entry.sha256)
    }
  })

  it('names real formats of the catalog, each at most once', () => {
    const known = new Set(listFormats().map((format) => format.id))
    for (const entry of VENDORED_TEMPLATES) {
      expect(new Set(entry.formats).size, entry.id).toBe(entry.formats.length)
      for (const id of entry.formats) expect(known.has(id), `${entry.id}: ${id}`).toBe(true)
    }
  })

  it('has a template for every native format but the ones listed without one', () => {
    const textProtocols = new Set(protocolRegistry.list().map((protocol) => protocol.id))
    const native = listFormats().filter((format) => !textProtocols.has(format.id))
    expect(native).toHaveLength(34)
    const covered = new Set(VENDORED_TEMPLATES.flatMap((entry) => entry.formats))
    const missing = native.filter((format) => !covered.has(format.id)).map((format) => format.id)
    expect(missing.sort()).toEqual(Object.keys(WITHOUT_TEMPLATE).sort())
  })

  it('says where each file came from and under which licence, here and in LICENSES.md', () => {
    for (const entry of VENDORED_TEMPLATES) {
      const { repository, path, commit, url } = entry.source
      expect(commit, entry.id).toMatch(/^[0-9a-f]{40}$/)
      expect(url, entry.id).toBe(`https://github.com/${repository}/blob/${commit}/${path}`)
      expect(entry.licence, entry.id).toMatch(/^(?:MIT|Apache-2\.0) \(/)
      expect(LICENSES, entry.id).toContain(`| \`${entry.id}.jinja\` | [${repository} \`${path}\`](${url}) |`)
    }
  })

  it('loads each text lazily, as Node reads it', async () => {
    for (const entry of VENDORED_TEMPLATES) {
      const text = await loadVendoredTemplate(entry.id)
      expect(text, entry.id).toBe(fileBytes(entry.id).toString('utf8'))
      expect(await readVendoredTemplate(entry.id), entry.id).toBe(text)
    }
  })

  it('refuses an id it does not have, in both loaders', async () => {
    await expect(loadVendoredTemplate('no-such-model')).rejects.toThrow('No vendored chat template "no-such-model"')
    expect(() => vendoredTemplatePath('../catalog')).toThrow('No vendored chat template')
  })
})
