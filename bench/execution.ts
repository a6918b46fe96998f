/**
 * Executor and discovery figures: per-call overhead, parallel speed-up, and the prompt cache.
 * All asynchronous, so they have their own measuring loop.
 */
import {
  createPromptCache,
  createToolDiscoveryService,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  directRequest,
  executeToolRequests,
  type ToolCallContext,
  type ToolRegistry,
} from '../src/core'
import { createSyntheticTools } from '../src/tools/synthetic'

const request = (toolName: string, n: number) => directRequest(toolName, { x: String(n) }, `b-${n}`)

const benchTool = {
  id: 'bench',
  name: 'Bench',
  getMetadata: () => ({
    methods: [
      {
        name: 'noop',
        description: 'Returns its argument.',
        agentCallable: true,
        parameters: [{ name: 'x', type: 'string' as const }],
      },
      {
        name: 'wait',
        description: 'Waits 20 ms.',
        agentCallable: true,
        parameters: [{ name: 'x', type: 'string' as const }],
      },
    ],
  }),
  noop: (args: { x: string }) => args.x,
  wait: (_args: unknown, ctx: ToolCallContext) =>
    new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('waited'), 20)
      ctx.signal.addEventListener('abort', () => clearTimeout(timer))
    }),
} as unknown as ToolRegistry & { noop(args: { x: string }): string }

async function bestOf(rounds: number, task: () => Promise<unknown>): Promise<number> {
  let best = Infinity
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    await task()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

export async function executorFigures(rounds: number): Promise<Record<string, number>> {
  const registry = createToolRegistryManager()
  registry.register(benchTool)
  const calls = 10_000
  const requests = Array.from({ length: calls }, (_, n) => request('bench_noop', n))
  // The baseline: awaiting the same method directly, no routing, validation, timer or serialising.
  const direct = async (): Promise<void> => {
    for (const r of requests) await benchTool.noop({ x: r.args.x as string })
  }
  const executor = (): Promise<unknown> => executeToolRequests(requests, { registry })
  for (let w = 0; w < 3; w++) {
    await direct()
    await executor()
  }
  let directMs = Infinity
  let executorMs = Infinity
  for (let round = 0; round < rounds; round++) {
    directMs = Math.min(directMs, await bestOf(1, direct))
    executorMs = Math.min(executorMs, await bestOf(1, executor))
  }
  return { calls, directMs, executorMs }
}

export async function parallelFigures(): Promise<Record<string, number>> {
  const registry = createToolRegistryManager()
  registry.register(benchTool)
  const requests = Array.from({ length: 100 }, (_, n) => request('bench_wait', n))
  const parallelMs = await bestOf(5, () => executeToolRequests(requests, { registry, parallel: true }))
  const serialMs = await bestOf(1, () => executeToolRequests(requests, { registry }))
  return { calls: 100, waitMs: 20, parallelMs, serialMs }
}

export async function promptFigures(rounds: number): Promise<Record<string, number>> {
  const registry = createToolRegistryManager()
  const methods = 5_000
  for (const tool of createSyntheticTools(methods)) registry.register(tool)
  const discovery = createToolDiscoveryService({ registry, cache: createPromptCache() })
  const config = { ...DEFAULT_TOOL_CALL_CONFIG }
  let length = 0
  const cold = async (): Promise<void> => {
    discovery.invalidateCache()
    length = discovery.generatePrompt({ config }).length
  }
  const warm = async (): Promise<void> => {
    discovery.generatePrompt({ config })
  }
  await cold()
  let coldMs = Infinity
  let warmMs = Infinity
  for (let round = 0; round < rounds; round++) {
    coldMs = Math.min(coldMs, await bestOf(1, cold))
    await cold()
    warmMs = Math.min(
      warmMs,
      (await bestOf(1, async () => {
        for (let i = 0; i < 100; i++) await warm()
      })) / 100,
    )
  }
  return { methods, promptChars: length, coldMs, warmMs }
}
