// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { useFrameProgress } from '../../../src/stores/executor/frame-progress'

describe('progress once per frame', () => {
  afterEach(() => vi.useRealTimers())

  it('applies only the newest report of a frame, and only while the call runs', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] })
    let running = true
    const scope = effectScope()
    const { progress, report, reset } = scope.run(() => useFrameProgress(() => running))!
    for (let n = 1; n <= 100; n++) report({ progress: n, total: 100 })
    expect(progress.value).toBeNull()
    vi.advanceTimersToNextFrame()
    expect(progress.value).toEqual({ progress: 100, total: 100 })
    running = false
    report({ progress: 1 })
    vi.advanceTimersToNextFrame()
    expect(progress.value).toEqual({ progress: 100, total: 100 })
    reset()
    expect(progress.value).toBeNull()
    scope.stop()
  })

  it('applies nothing after its scope is stopped', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] })
    const scope = effectScope()
    const { progress, report } = scope.run(() => useFrameProgress(() => true))!
    report({ progress: 1 })
    scope.stop()
    vi.advanceTimersToNextFrame()
    expect(progress.value).toBeNull()
  })
})
