/**
 * The raw protocol's templates as a run gets them: the vendored text with its catalog entry's
 * tokens and variables, the format chosen or inferred, the dialect inference found; a target
 * without a template, or with one the catalog does not have, named.
 */
import { describe, expect, it } from 'vitest'
import type { LiveTarget } from '../../src/core/eval'
import { inferRawFormat, withRawTemplates } from '../../src/stores/eval/raw-templates'

const target = (label: string): LiveTarget => ({ label, endpoint: { baseUrl: 'http://127.0.0.1:1/v1', model: label } })
const kept = (label: string, extra: { template?: string; format?: string } = {}) => ({
  label,
  profileId: 'p',
  model: label,
  ...extra,
})

describe('the raw protocol’s templates', () => {
  it('loads each target’s template with the format inferred, or the one chosen instead', async () => {
    const result = await withRawTemplates(
      [target('a'), target('b')],
      [kept('a', { template: 'qwen2.5-7b-instruct' }), kept('b', { template: 'qwen2.5-7b-instruct', format: 'json' })],
    )
    if (!result.ok) throw new Error(result.detail)
    expect(result.targets.map((t) => [t.label, t.template?.format, t.template?.label])).toEqual([
      ['a', 'hermes', 'qwen2.5-7b-instruct'],
      ['b', 'json', 'qwen2.5-7b-instruct'],
    ])
    expect(result.targets[0]?.template?.text).toContain('<tool_call>')
    expect(result.targets[0]?.template?.dialect).toBeUndefined()
  })

  it('renders a template written for llama.cpp in the dialect its inference found', async () => {
    const inferred = await inferRawFormat('kimi-k2-instruct')
    expect(inferred).toMatchObject({ format: 'kimi-k2', dialect: 'llama.cpp' })
    const result = await withRawTemplates([target('k')], [kept('k', { template: 'kimi-k2-instruct' })])
    expect(result.ok && result.targets[0]?.template).toMatchObject({ format: 'kimi-k2', dialect: 'llama.cpp' })
  }, 30_000)

  it('names the targets with no template, and a template the catalog does not have', async () => {
    expect(await withRawTemplates([target('a'), target('b')], [kept('a'), kept('b')])).toEqual({
      ok: false,
      code: 'no-template',
      detail: 'a, b',
    })
    const unknown = await withRawTemplates([target('a')], [kept('a', { template: 'gone-model' })])
    expect(unknown).toMatchObject({
      ok: false,
      code: 'template-failed',
      detail: expect.stringMatching(/^a \(gone-model\): /),
    })
  })
})
