// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { effectScope } from 'vue'
import { directRequest, type ToolCallContext, type ToolRegistry } from '../../../src/core'
import { createExecutorSession, useToolRun } from '../../../src/stores/executor/tool-run'
import { useFreshApp } from '../../helpers-ui'

const waitTool: ToolRegistry = {
  id: 'hold',
  name: 'Hold',
  getMetadata: () => ({
    methods: [{ name: 'wait', description: 'Waits until aborted.', agentCallable: false, parameters: [] }],
  }),
  wait: (_args: unknown, ctx: ToolCallContext) =>
    new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
}

describe('a tool run in the executor', () => {
  useFreshApp({ extraTools: [waitTool] })

  it('runs a call a person may make, keeps the last result and its duration', async () => {
    const scope = effectScope()
    const run = scope.run(() => useToolRun(createExecutorSession()))!
    const result = await run.execute(directRequest('calc_evaluate', { expression: '6*7' }, 'run-1'))
    expect(result.status).toBe('success')
    expect(run.lastResult.value).toBe(result)
    expect(run.running.value).toBe(false)
    expect(run.elapsedMs.value).toBe(result.durationMs)
    expect(run.fullResult.value).toBeNull()
    scope.stop()
  })

  it('aborts the running call when its scope is stopped', async () => {
    const scope = effectScope()
    const run = scope.run(() => useToolRun(createExecutorSession()))!
    const pending = run.execute(directRequest('hold_wait', {}, 'run-1'))
    expect(run.running.value).toBe(true)
    scope.stop()
    expect(await pending).toMatchObject({ status: 'aborted' })
    expect(run.running.value).toBe(false)
  })
})
