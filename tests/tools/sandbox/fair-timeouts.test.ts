/**
 * A call's timeout measures the call's own work: waiting for one of the few sandboxes does not
 * count against it, so a reply with a hundred small sandbox calls runs them all.
 */
import { describe, expect, it } from 'vitest'
import {
  createToolRegistryManager,
  directRequest,
  executeToolRequest,
  executeToolRequests,
  processToolCallCycle,
  type ToolRegistry,
} from '../../../src/core'
import { createSandboxTool } from '../../../src/tools/sandbox'
import { MAX_CONCURRENT_SANDBOXES, withSandboxSlot } from '../../../src/tools/sandbox/runner'
import { createNodeSandboxRunner } from '../../../src/tools/node/worker-sandbox'

function sandboxRegistry(...extra: ToolRegistry[]) {
  const registry = createToolRegistryManager()
  registry.register(createSandboxTool(createNodeSandboxRunner()))
  for (const tool of extra) registry.register(tool)
  return registry
}

const doubled = Array.from({ length: 100 }, (_, n) => String(n * 2))

describe('fair timeouts', () => {
  it('a reply with 100 small js_evaluate calls, run in parallel under the default timeout, gets 100 results', async () => {
    const reply = Array.from(
      { length: 100 },
      (_, n) =>
        `<<<[TOOL_REQUEST]>>>\ntool_name:「始」js_evaluate「末」,\ncode:「始」${n} * 2「末」\n<<<[END_TOOL_REQUEST]>>>`,
    ).join('\n')
    const cycle = await processToolCallCycle(reply, { registry: sandboxRegistry(), parallel: true })
    const failed = cycle.executionResults.filter((r) => r.status !== 'success')
    expect(failed.map((r) => `${r.requestId}: ${r.status} ${r.result.slice(0, 80)}`)).toEqual([])
    expect(cycle.executionResults.map((r) => (JSON.parse(r.result) as { value: string }).value)).toEqual(doubled)
  }, 300_000)

  it('calls queued behind busy sandboxes for longer than their timeout still run, and succeed', async () => {
    // A call that never ends: when it has timed out, every call queued before it has waited a whole timeout.
    const never: ToolRegistry = {
      id: 'never',
      name: 'Never',
      getMetadata: () => ({
        methods: [{ name: 'end', description: 'Never ends.', parameters: [], agentCallable: true }],
      }),
      end: () => new Promise(() => undefined),
    }
    const registry = sandboxRegistry(never)
    // Long enough that a worker's own start on a busy machine fits in it: the point is the wait before.
    const timeout = 5000
    let release: () => void = () => undefined
    const busy = new Promise<void>((resolve) => (release = resolve))
    const holders = Array.from({ length: MAX_CONCURRENT_SANDBOXES }, () =>
      withSandboxSlot(undefined, () => busy.then(() => ({ ok: true as const, value: '', logs: [] }))),
    )
    const requests = Array.from({ length: 100 }, (_, n) => directRequest('js_evaluate', { code: `${n} * 2` }, `q${n}`))
    const queued = executeToolRequests(requests, { registry, parallel: true, timeout })
    const sentinel = await executeToolRequest(directRequest('never_end', {}, 'sentinel'), { registry, timeout })
    expect(sentinel.status).toBe('timeout')
    release()
    await Promise.all(holders)
    const results = await queued
    const failed = results.filter((r) => r.status !== 'success')
    expect(failed.map((r) => `${r.requestId}: ${r.status} ${r.result.slice(0, 80)}`)).toEqual([])
    expect(results.map((r) => (JSON.parse(r.result) as { value: string }).value)).toEqual(doubled)
  }, 300_000)
})
