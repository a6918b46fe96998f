import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { createLabRunner, type LabRunner } from '../../src/template-lab/off-thread'
import type { LabRenderInput } from '../../src/template-lab/lab-input'
import { useTemplateRender } from '../../src/composables/useTemplateRender'

const input = (content: string): LabRenderInput => ({
  template: '{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}',
  messages: JSON.stringify([{ role: 'user', content }]),
  tools: null,
  argumentsAs: 'object',
  addGenerationPrompt: false,
  specialTokens: '{}',
  variables: '{}',
})

describe('the lab runner', () => {
  it('runs jobs on the page where there are no workers, a newer one of a kind superseding the older', async () => {
    const runner = createLabRunner({ workers: false })
    const first = runner.run({ kind: 'render', input: input('one'), now: 0 })
    const second = runner.run({ kind: 'render', input: input('two'), now: 0 })
    expect(await first).toEqual({ ok: false, reason: 'superseded' })
    const done = await second
    expect(done.ok && done.value).toMatchObject({ status: 'rendered', text: '[user]two' })
    runner.dispose()
    expect(await runner.run({ kind: 'config', text: '{}' })).toEqual({ ok: false, reason: 'disposed' })
  })
})

describe('useTemplateRender', () => {
  /** A runner that counts the jobs it is given. */
  function counting(): { runner: LabRunner; kinds: string[]; disposed: () => boolean } {
    const inner = createLabRunner({ workers: false })
    const kinds: string[] = []
    let disposed = false
    return {
      runner: {
        run: (job) => {
          kinds.push(job.kind)
          return inner.run(job)
        },
        dispose: () => {
          disposed = true
          inner.dispose()
        },
      },
      kinds,
      disposed: () => disposed,
    }
  }

  it('renders a moment after the input last changed, then finds the spans', async () => {
    const { runner, kinds } = counting()
    const source = ref(input('a'))
    const scope = effectScope()
    const state = scope.run(() => useTemplateRender(source, { runner, delayMs: 5, analysisDelayMs: 5 }))!
    source.value = input('b')
    source.value = input('c')
    await expect.poll(() => state.prompt.value).toMatchObject({ status: 'rendered', text: '[user]c' })
    await expect.poll(() => state.spans.value?.map((s) => s.roles)).toEqual([['user']])
    await expect.poll(() => state.analysis.value).not.toBeNull()
    // One render for the three changes, and one analysis (the template did not change).
    expect(kinds.filter((k) => k === 'render')).toHaveLength(1)
    expect(kinds.filter((k) => k === 'analyse')).toHaveLength(1)
    scope.stop()
  })

  it('starts nothing once its scope is stopped, and ends its own runner', async () => {
    const source = ref(input('a'))
    const scope = effectScope()
    const state = scope.run(() => useTemplateRender(source, { delayMs: 5, analysisDelayMs: 5 }))!
    scope.stop()
    source.value = input('b')
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(state.prompt.value).toBeNull()
    expect(state.analysis.value).toBeNull()
    // A given runner is the caller's to end.
    const { runner, disposed } = counting()
    const other = effectScope()
    other.run(() => useTemplateRender(source, { runner }))
    other.stop()
    expect(disposed()).toBe(false)
  })
})
