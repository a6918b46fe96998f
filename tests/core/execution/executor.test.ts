import { describe, expect, it } from 'vitest'
import { createToolRegistryManager } from '../../../src/core/tools/registry-manager'
import {
  directRequest,
  executeToolRequest,
  executeToolRequests,
  type ExecuteOptions,
  type PendingCall,
  type ToolCallContext,
} from '../../../src/core/execution/executor'
import { parseToolRequests, ToolTimeoutError } from '../../../src/core'
import type { ToolRegistry } from '../../../src/core'
import { mathTool, request, unrulyTool } from '../../fixtures/tools'

function setup() {
  const registry = createToolRegistryManager()
  const math = mathTool()
  const unruly = unrulyTool()
  registry.register(math)
  registry.register(unruly)
  const run = (toolName: string, args: Record<string, string> = {}, options: ExecuteOptions = {}) =>
    executeToolRequest(request(toolName, args), { registry, ...options })
  return { registry, math, unruly, run }
}

describe('executor: routing', () => {
  it('runs toolId_methodName and serialises objects as JSON', async () => {
    const { run } = setup()
    const result = await run('math_add', { a: '2', b: '3.5' })
    expect(result).toMatchObject({ status: 'success', result: '{\n  "sum": 5.5\n}', toolName: 'math_add' })
    expect(result.durationMs).toBeGreaterThanOrEqual(0)
  })

  it('routes tool id plus command, by method name or vcpCommand, and does not pass command on', async () => {
    const { run } = setup()
    expect(await run('math', { command: 'repeat', word: 'hi', times: '2' })).toMatchObject({
      status: 'success',
      result: 'hi hi',
    })
    expect(await run('math', { command: 'Repeat', word: 'hi', times: '1', loud: 'true' })).toMatchObject({
      status: 'success',
      result: 'HI',
    })
  })

  it('suggests the closest names for an unknown tool', async () => {
    const { run } = setup()
    expect((await run('math_ad', { a: '1' })).result).toBe('Unknown tool "math_ad". Did you mean "math_add" or "math"?')
    expect((await run('zzz')).result).toBe(
      'Unknown tool "zzz". Use a routing name toolId_methodName from the tools prompt.',
    )
  })

  it('suggests the closest method for an unknown command, and asks for one when it is missing', async () => {
    const { run } = setup()
    expect(await run('math', { command: 'repeet' })).toMatchObject({
      status: 'error',
      result: 'Tool "math" has no method "repeet". Did you mean "repeat" or "reset"?',
    })
    expect((await run('math')).result).toBe(
      'Tool "math" needs a method: write tool_name as math_<method> or add a "command" field. Its methods: add, repeat, shape, reset.',
    )
  })

  it('runs numbered batches as ordered calls and reports each', async () => {
    const { run } = setup()
    const result = await run('math', { command1: 'add', a1: '1', b1: '2', command2: 'nope', command3: 'add', a3: 'x' })
    expect(result.status).toBe('error')
    expect(JSON.parse(result.result)).toEqual([
      { index: 1, command: 'add', status: 'success', result: '{\n  "sum": 3\n}' },
      {
        index: 2,
        command: 'nope',
        status: 'error',
        result: 'Tool "math" has no method "nope". Its methods: add, repeat, Repeat, shape, reset.',
      },
      {
        index: 3,
        command: 'add',
        status: 'error',
        result: 'Invalid arguments for "math_add": "a" must be a number, got "x".',
      },
    ])
  })

  it('does not execute a request the parser marked invalid', async () => {
    const { registry, math } = setup()
    const bad = request(
      'math_add',
      { a: '1' },
      {
        valid: false,
        diagnostics: [
          {
            severity: 'error',
            code: 'unterminated-value',
            message: 'Value of "a" never closes.',
            offset: 0,
            length: 0,
            line: 1,
            column: 1,
          },
        ],
      },
    )
    const result = await executeToolRequest(bad, { registry })
    expect(result).toMatchObject({
      status: 'error',
      result: `Request "${bad.requestId}" for "math_add" is not executable: Value of "a" never closes.`,
    })
    expect(math.calls).toEqual([])
  })
})

describe('executor: guards', () => {
  it('denies methods that are not agent-callable to a model, allows them to a person', async () => {
    const { run } = setup()
    expect(await run('math_reset')).toMatchObject({
      status: 'denied',
      result: '"math_reset" is not agent-callable: only methods marked agentCallable can be called by a model.',
    })
    expect(await run('math_reset', {}, { caller: 'user' })).toMatchObject({ status: 'success', result: 'reset' })
  })

  it('denies tools switched off in the config', async () => {
    const { run } = setup()
    expect(await run('math_add', { a: '1' }, { toolEnabled: (id) => id !== 'math' })).toMatchObject({
      status: 'denied',
      result: 'Tool "math" is switched off in this configuration, so "math_add" was not called.',
    })
  })

  it('requireConfirmation without an approver is an error that says so', async () => {
    const { run } = setup()
    expect(await run('unruly_guarded', { path: '/a' }, { requireConfirmation: true })).toMatchObject({
      status: 'error',
      result:
        '"unruly_guarded" needs confirmation (requireConfirmation is on) but no approver is set: pass onBeforeExecute.',
    })
  })

  it('asks the approver with resolved, coerced arguments; a refusal is denied', async () => {
    const { run } = setup()
    const asked: PendingCall[] = []
    const no = await run(
      'unruly_guarded',
      { path: '/a' },
      { requireConfirmation: true, onBeforeExecute: (call) => (asked.push(call), false) },
    )
    expect(no).toMatchObject({ status: 'denied', result: 'The user declined the call to "unruly_guarded".' })
    expect(asked[0]).toMatchObject({
      routingName: 'unruly_guarded',
      toolId: 'unruly',
      method: 'guarded',
      args: { path: '/a' },
    })
    const yes = await run(
      'unruly_guarded',
      { path: '/a' },
      { requireConfirmation: true, onBeforeExecute: async () => true },
    )
    expect(yes).toMatchObject({ status: 'success', result: 'wrote /a' })
  })

  it('an approver that throws is an error naming the tool', async () => {
    const { run } = setup()
    const result = await run(
      'unruly_guarded',
      { path: '/a' },
      {
        requireConfirmation: true,
        onBeforeExecute: () => {
          throw new Error('dialog closed')
        },
      },
    )
    expect(result).toMatchObject({ status: 'error', result: '"unruly_guarded" could not run: dialog closed' })
  })
})

describe('executor: arguments', () => {
  it('coerces and validates, reporting every problem at once', async () => {
    const { run } = setup()
    const result = await run('math_repeat', { word: 'x', times: '2.5', loud: 'maybe', style: 'bold', colour: 'red' })
    expect(result).toMatchObject({
      status: 'error',
      result:
        'Invalid arguments for "math_repeat": "times" must be an integer, got "2.5"; "loud" must be true or false, got "maybe"; ' +
        '"style" must be one of "plain", "fancy", got "bold"; undeclared argument "colour" (declared: word, times, loud, style, limit).',
    })
    expect((await run('math_add', {})).result).toBe('Invalid arguments for "math_add": missing required "a".')
  })

  it('applies defaults and parses JSON objects and arrays from strings', async () => {
    const { run, math } = setup()
    expect((await run('math_add', { a: '1e3' })).result).toContain('"sum": 1000')
    const shaped = await run('math_shape', { point: '{"x": "1", "y": 2}', tags: '["a", 3]' })
    expect(shaped.status).toBe('success')
    expect(JSON.parse(shaped.result)).toEqual({ point: { x: 1, y: 2 }, tags: ['a', '3'] })
    expect(math.calls).toHaveLength(2)
    expect((await run('math_shape', { point: '{"x": 1}', tags: '{}' })).result).toBe(
      'Invalid arguments for "math_shape": missing required "point.y"; "tags" must be a JSON array, got "{}".',
    )
    expect((await run('math_shape', { point: 'not json' })).result).toBe(
      'Invalid arguments for "math_shape": "point" must be a JSON object, got "not json".',
    )
  })

  it('builds argument objects without prototypes: __proto__ and constructor are ordinary keys', async () => {
    const { run, math, registry } = setup()
    const result = await run('math_shape', {
      point: '{"x": 1, "y": 2}',
      extra: '{"__proto__": {"polluted": true}, "constructor": 1}',
    })
    expect(result.status).toBe('success')
    const args = math.calls[0] as Record<string, unknown>
    expect(Object.getPrototypeOf(args)).toBeNull()
    const extra = args.extra as Record<string, unknown>
    expect(Object.getPrototypeOf(extra)).toBeNull()
    expect(Object.keys(extra)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const [parsed] = parseToolRequests(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」1「末」,\n__proto__:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>',
    ).requests
    const proto = await executeToolRequest(parsed!, { registry })
    expect(proto.result).toBe(
      'Invalid arguments for "math_add": undeclared argument "__proto__" (declared: a, b, limit).',
    )
  })

  it('takes typed arguments from JSON paradigms', async () => {
    const { registry } = setup()
    const typed = request('math_add', { a: '9' }, { arguments: { a: 2, b: 3 } })
    expect((await executeToolRequest(typed, { registry })).result).toContain('"sum": 5')
  })
})

describe('executor: failures, timeouts and abort', () => {
  it('a throwing method is an error naming the tool', async () => {
    const { run } = setup()
    expect(await run('unruly_boom')).toMatchObject({ status: 'error', result: '"unruly_boom" failed: disk on fire' })
  })

  it('a value JSON cannot hold is an error, undefined is empty text', async () => {
    const { run } = setup()
    const circular = await run('unruly_circular')
    expect(circular.status).toBe('error')
    expect(circular.result).toMatch(/^"unruly_circular" returned a value that cannot be sent as text: .*circular/i)
    expect(await run('unruly_nothing')).toMatchObject({ status: 'success', result: '' })
  })

  it('a method that never resolves still yields timeout, and its signal is aborted', async () => {
    const { run, unruly } = setup()
    const result = await run('unruly_hang', {}, { timeout: 30 })
    expect(result).toMatchObject({
      status: 'timeout',
      result: '"unruly_hang" timed out after 30 ms; the call was aborted.',
    })
    expect(unruly.aborted).toEqual([result.requestId])
  })

  it('aborting a run stops the running call and the ones not started', async () => {
    const { registry, unruly } = setup()
    const controller = new AbortController()
    const requests = [request('unruly_slow'), request('math_add', { a: '1' })]
    setTimeout(() => controller.abort(), 20)
    const results = await executeToolRequests(requests, { registry, signal: controller.signal })
    expect(results.map((r) => [r.status, r.result])).toEqual([
      ['aborted', '"unruly_slow" was aborted while running.'],
      ['aborted', '"math_add" was not started: the run was aborted.'],
    ])
    expect(unruly.aborted).toEqual([requests[0]?.requestId])
  })

  it('aborting during a batch stops the items not started yet', async () => {
    const { registry, unruly } = setup()
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 20)
    const result = await executeToolRequest(request('unruly', { command1: 'slow', command2: 'nothing' }), {
      registry,
      signal: controller.signal,
    })
    expect(result.status).toBe('aborted')
    expect(JSON.parse(result.result)).toEqual([
      { index: 1, command: 'slow', status: 'aborted', result: '"unruly_slow" was aborted while running.' },
      {
        index: 2,
        command: 'nothing',
        status: 'aborted',
        result: '"unruly_nothing" was not started: the run was aborted.',
      },
    ])
    expect(unruly.aborted).toHaveLength(1)
  })

  it('parallel mode overlaps calls and keeps results in request order', async () => {
    // "wait" finishes only once "signal" has started: serially it can only time out.
    const registry = createToolRegistryManager()
    let release: () => void = () => {}
    const started = new Promise<void>((resolve) => (release = resolve))
    registry.register({
      id: 'pair',
      name: 'Pair',
      getMetadata: () => ({
        methods: [
          { name: 'wait', description: 'Waits for signal.', agentCallable: true, parameters: [] },
          { name: 'signal', description: 'Releases wait.', agentCallable: true, parameters: [] },
        ],
      }),
      wait: () => started.then(() => 'released'),
      signal: () => (release(), 'signalled'),
    } as ToolRegistry)
    const requests = () => [request('pair_wait'), request('pair_signal')]
    const parallel = await executeToolRequests(requests(), { registry, parallel: true, timeout: 2000 })
    expect(parallel.map((r) => [r.toolName, r.status, r.result])).toEqual([
      ['pair_wait', 'success', 'released'],
      ['pair_signal', 'success', 'signalled'],
    ])
  })

  it('serial mode runs one call after another', async () => {
    const registry = createToolRegistryManager()
    const never = new Promise<string>(() => {})
    registry.register({
      id: 'pair',
      name: 'Pair',
      getMetadata: () => ({
        methods: [
          { name: 'wait', description: 'Waits forever.', agentCallable: true, parameters: [] },
          { name: 'mark', description: 'Marks.', agentCallable: true, parameters: [] },
        ],
      }),
      wait: () => never,
      mark: () => (marks.push('ran'), 'marked'),
    } as ToolRegistry)
    const marks: string[] = []
    const pending = executeToolRequests([request('pair_wait'), request('pair_mark')], { registry, timeout: 50 })
    await Promise.resolve()
    expect(marks).toEqual([])
    expect((await pending).map((r) => r.status)).toEqual(['timeout', 'success'])
    expect(marks).toEqual(['ran'])
  })

  it('a method that disappeared after registration is an error naming it', async () => {
    const registry = createToolRegistryManager()
    const math = mathTool()
    registry.register(math)
    delete (math as Record<string, unknown>).add
    expect(await executeToolRequest(request('math_add', { a: '1' }), { registry })).toMatchObject({
      status: 'error',
      result: 'Tool "math" has no function for method "add".',
    })
  })
})

describe('directRequest', () => {
  it('is a valid call carrying typed arguments and their string view', async () => {
    const { registry } = setup()
    const call = directRequest('math_add', { a: 2, b: 0.5 }, 'direct-1')
    expect(call).toMatchObject({
      requestId: 'direct-1',
      toolName: 'math_add',
      args: { a: '2', b: '0.5' },
      arguments: { a: 2, b: 0.5 },
      valid: true,
    })
    expect((await executeToolRequest(call, { registry })).result).toBe('{\n  "sum": 2.5\n}')
  })
})

describe('executor: timeout means timeout', () => {
  const tool: ToolRegistry = {
    id: 'slow',
    name: 'Slow',
    getMetadata: () => ({
      methods: [
        { name: 'spin', description: 'Busy for 80 ms without yielding.', parameters: [], agentCallable: true },
        { name: 'ownLimit', description: 'Stops at a limit of its own.', parameters: [], agentCallable: true },
      ],
    }),
    spin() {
      const until = Date.now() + 80
      while (Date.now() < until) {
        // blocks the thread, so no timer can fire
      }
      return 'done'
    },
    async ownLimit() {
      throw new ToolTimeoutError('timed out after 10 ms; the engine stopped the code')
    },
  }
  const run = (name: string, timeout: number) => {
    const registry = createToolRegistryManager()
    registry.register(tool)
    return executeToolRequest(request(name), { registry, timeout })
  }

  it('a synchronous method that overruns the timeout is a timeout, its result dropped (it was success)', async () => {
    const result = await run('slow_spin', 20)
    expect(result.status).toBe('timeout')
    expect(result.result).toMatch(
      /^"slow_spin" timed out: it ran for \d+ ms without yielding, past its 20 ms; its result was dropped\.$/,
    )
    expect((await run('slow_spin', 5000)).status).toBe('success')
  })

  it('a method that stops at a limit of its own throws ToolTimeoutError: status timeout (it was error)', async () => {
    expect(await run('slow_ownLimit', 5000)).toMatchObject({
      status: 'timeout',
      result: '"slow_ownLimit" timed out: timed out after 10 ms; the engine stopped the code',
    })
  })
})

describe('executor: VCPToolBox compatibility', () => {
  it('a method that declares request_id receives the request id as an argument', async () => {
    const registry = createToolRegistryManager()
    const seen: unknown[] = []
    registry.register({
      id: 'video',
      name: 'Video',
      getMetadata: () => ({
        methods: [
          {
            name: 'query',
            description: 'Status of a generation.',
            agentCallable: true,
            parameters: [{ name: 'request_id', type: 'string', description: 'The generation to ask about.' }],
          },
        ],
      }),
      query: (args: Record<string, unknown>) => (seen.push(args.request_id), 'queued'),
    })
    const [request] = parseToolRequests(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」video_query「末」,\nrequest_id:「始」gen-42「末」\n<<<[END_TOOL_REQUEST]>>>',
    ).requests
    expect(await executeToolRequest(request!, { registry })).toMatchObject({ status: 'success', requestId: 'gen-42' })
    const [unnamed] = parseToolRequests(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」video_query「末」\n<<<[END_TOOL_REQUEST]>>>',
    ).requests
    await executeToolRequest(unnamed!, { registry })
    expect(seen).toEqual(['gen-42', unnamed!.requestId])
  })
})

describe('executor: images of a result', () => {
  it('keeps the raster images a tool names, and nothing a page should not show as an image', async () => {
    const registry = createToolRegistryManager()
    const pictures: ToolRegistry = {
      id: 'pics',
      name: 'Pictures',
      getMetadata: () => ({
        methods: [{ name: 'show', description: 'Returns pictures.', agentCallable: true, parameters: [] }],
      }),
      show: () => ({ text: 'three pictures' }),
      formatForLLM: (value: { text: string }) => value.text,
      imagesOf: () => [
        { mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { mimeType: 'image/svg+xml', data: 'PHN2Zz4=' },
        { mimeType: 'image/png', data: 'not base64 <script>' },
      ],
    }
    registry.register(pictures)
    const result = await executeToolRequest(request('pics_show'), { registry })
    expect(result).toMatchObject({ status: 'success', result: 'three pictures' })
    expect(result.images).toEqual([{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }])
  })
})

describe('the timeout measures the call', () => {
  const busy = (ms: number): void => {
    const until = performance.now() + ms
    while (performance.now() < until) {
      // a validator that takes its time
    }
  }
  function registryWith(tool: ToolRegistry) {
    const registry = createToolRegistryManager()
    registry.register(tool)
    return registry
  }

  it('time spent checking the arguments counts against the timeout (it was not counted at all)', async () => {
    let called = false
    const registry = registryWith({
      id: 'slow',
      name: 'Slow schema',
      description: 'A method whose arguments take long to check.',
      getMetadata: () => ({
        methods: [
          {
            name: 'run',
            description: 'Runs.',
            parameters: [],
            agentCallable: true,
            openArguments: true,
            validateArguments: () => (busy(120), []),
          },
        ],
      }),
      run: () => ((called = true), 'ran'),
    })
    const result = await executeToolRequest(directRequest('slow_run', {}, 'v1'), { registry, timeout: 50 })
    expect(result.status).toBe('timeout')
    expect(result.result).toMatch(
      /^"slow_run" timed out: checking its arguments took \d+ ms, its whole 50 ms; it was not called\.$/,
    )
    expect(called).toBe(false)
  })

  it('each call of a batch is charged the time its own arguments took, not what the whole batch took (each was charged all three)', async () => {
    const registry = registryWith({
      id: 'slow',
      name: 'Slow schema',
      description: 'A method whose arguments take long to check.',
      getMetadata: () => ({
        methods: [
          {
            name: 'run',
            description: 'Runs.',
            parameters: [],
            agentCallable: true,
            openArguments: true,
            validateArguments: () => (busy(60), []),
          },
        ],
      }),
      run: () => 'ran',
    })
    // Three checks together take longer than one call's timeout; each alone takes less than half of it.
    const result = await executeToolRequest(request('slow', { command1: 'run', command2: 'run', command3: 'run' }), {
      registry,
      timeout: 150,
    })
    expect(JSON.parse(result.result)).toEqual(
      [1, 2, 3].map((index) => ({ index, command: 'run', status: 'success', result: 'ran' })),
    )
    expect(result.status).toBe('success')
  })

  it('waiting for a turn (waitTurn) stops the clock; Stop still ends the wait at once', async () => {
    let open: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (open = resolve))
    const registry = registryWith({
      id: 'queue',
      name: 'Queue',
      description: 'Waits for a turn, then works briefly.',
      getMetadata: () => ({ methods: [{ name: 'run', description: 'Runs.', parameters: [], agentCallable: true }] }),
      async run(_args: unknown, context: ToolCallContext) {
        await context.waitTurn?.(gate)
        return 'worked'
      },
    })
    const pending = executeToolRequest(directRequest('queue_run', {}, 'w1'), { registry, timeout: 30 })
    // Far longer than the timeout, spent in the queue: the call goes on.
    await new Promise((resolve) => setTimeout(resolve, 120))
    open()
    expect(await pending).toMatchObject({ status: 'success', result: 'worked' })

    const stop = new AbortController()
    const waiting = executeToolRequest(directRequest('queue_run', {}, 'w2'), {
      registry,
      timeout: 30,
      signal: stop.signal,
    })
    stop.abort()
    expect((await waiting).status).toBe('aborted')
  })
})
