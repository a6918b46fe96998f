/**
 * A call's timeout measures the call's own work: waiting for one of the few sandboxes does not
 * count against it, so a reply with a hundred small sandbox calls runs them all.
 */
import { describe, expect, it } from 'vitest'
import { createToolRegistryManager, directRequest, executeToolRequests } from '../../../src/core'
import { createSandboxTool } from '../../../src/tools/sandbox'
import { createNodeSandboxRunner } from '../../../src/tools/node/worker-sandbox'

describe('fair timeouts', () => {
  // The queue for four sandboxes takes longer than the timeout; each call takes a fraction of it.
  it('100 parallel small js_evaluate calls all succeed, though the queue takes longer than one timeout', async () => {
    const registry = createToolRegistryManager()
    registry.register(createSandboxTool(createNodeSandboxRunner()))
    const requests = Array.from({ length: 100 }, (_, n) => directRequest('js_evaluate', { code: `${n} * 2` }, `r${n}`))
    const results = await executeToolRequests(requests, { registry, parallel: true, timeout: 2500 })
    const failed = results.filter((r) => r.status !== 'success')
    expect(failed.map((r) => `${r.requestId}: ${r.status} ${r.result.slice(0, 80)}`)).toEqual([])
    expect(results.map((r) => JSON.parse(r.result).value)).toEqual(Array.from({ length: 100 }, (_, n) => String(n * 2)))
  }, 300_000)
})
