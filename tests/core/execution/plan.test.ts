import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  createToolRegistryManager,
  createVariableStore,
  executeToolRequest,
  parseToolRequests,
  planCall,
  planDiagnostics,
  routingName,
  type CallPlan,
  type ExecuteOptions,
  type MethodParameter,
  type ParsedRequest,
  type ToolRegistry,
} from '../../../src/core'
import { planToolCall } from '../../../src/core/execution/plan'
import { createBuiltinTools, createMemoryFileStore } from '../../../src/tools'
import { mathTool, request } from '../../fixtures/tools'

/**
 * The built-in tools with every method replaced by a recorder: metadata and policies are the
 * real ones, but nothing runs (the sandbox and the file system stay untouched).
 */
async function recordedBuiltins() {
  const files = createMemoryFileStore()
  for (let n = 1; n <= 5; n++) await files.write(`/many/f${n}.txt`, 'x')
  await files.write('/few/a.txt', 'a')
  const invoked: { routingName: string; args: Record<string, unknown> }[] = []
  const registry = createToolRegistryManager()
  const tools = createBuiltinTools({
    files,
    sandbox: { isolation: 'none: nothing runs', run: async () => ({ ok: true, value: 'null', logs: [] }) },
  })
  for (const tool of tools) {
    const recorded = Object.create(tool) as ToolRegistry
    for (const method of tool.getMetadata().methods) {
      recorded[method.name] = (args: Record<string, unknown>) => {
        invoked.push({ routingName: routingName(tool.id, method.name), args: { ...args } })
        return 'ok'
      }
    }
    registry.register(recorded)
  }
  return { registry, tools, invoked }
}

/** A value of the parameter's type, written as VCP text, or something that is not. */
function valueFor(parameter: MethodParameter): fc.Arbitrary<string> {
  const wrong = fc.constantFrom(
    '',
    'not-a-number',
    '{"a":',
    '[1,',
    'maybe',
    '$VAR_REF{{missing}}',
    '$VAR_REF{{known}}',
    '-1',
    '2.5',
  )
  const right = (() => {
    switch (parameter.type) {
      case 'integer':
        return fc.integer({ min: -5, max: 50 }).map(String)
      case 'number':
        return fc.double({ min: -100, max: 100, noNaN: true }).map(String)
      case 'boolean':
        return fc.constantFrom('true', 'false', 'yes', 'no', '1', '0')
      case 'enum':
        return fc.constantFrom(...(parameter.enumValues ?? ['x']))
      case 'object':
        return fc.constantFrom('{}', '{"/a.txt": "hi"}', '{"k": 1}')
      case 'array':
        return fc.constantFrom('[]', '["a", "b"]', '[1, 2]')
      default:
        return fc.constantFrom('/few', '/many', '/few/a.txt', '1 + 2', 'hello', '/', 'return 1')
    }
  })()
  return fc.oneof({ weight: 4, arbitrary: right }, { weight: 1, arbitrary: wrong })
}

const block = (fields: [string, string][]): string =>
  `<<<[TOOL_REQUEST]>>>\n${fields.map(([key, value]) => `${key}:「始」${value}「末」`).join(',\n')}\n<<<[END_TOOL_REQUEST]>>>`

describe('call plan', () => {
  it('takes limit, routes a numbered batch item by item, and marks what it cannot run', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const limited = planCall(request('math_add', { a: '1', b: '2', limit: '100' }), { registry })
    expect(limited).toMatchObject({ verdict: 'ready', routingName: 'math_add', limit: 100 })
    expect({ ...limited.args }).toEqual({ a: 1, b: 2 })
    expect(limited.checks.map((c) => [c.name, c.state])).toEqual([
      ['a', 'coerced'],
      ['b', 'coerced'],
      ['limit', 'coerced'],
    ])

    const batch = planCall(
      request('math', { command1: 'add', a1: '1', b1: '2', command2: 'nope', command3: 'add', a3: 'x' }),
      { registry },
    )
    expect(batch.verdict).toBe('unknown-tool')
    expect(batch.items?.map((item) => [item.index, item.command, item.verdict])).toEqual([
      [1, 'add', 'ready'],
      [2, 'nope', 'unknown-tool'],
      [3, 'add', 'invalid-arguments'],
    ])
    expect(batch.items?.[2]?.callId).toBe(`${batch.request.requestId}.3`)

    expect(planCall(request('math_reset', {}), { registry }).verdict).toBe('not-callable')
    expect(planCall(request('math_reset', {}), { registry, caller: 'user' }).verdict).toBe('ready')
    expect(planCall(request('math_add', { a: '1', b: '2' }), { registry, toolEnabled: () => false }).verdict).toBe(
      'disabled',
    )
    expect(planCall(request('math_add', { a: '1', b: '2' }), { registry, requireConfirmation: true }).verdict).toBe(
      'needs-approval',
    )
  })

  it('fills arguments from defaults, then presets, then the model, and says which', () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const plan = planCall(request('math_repeat', { word: 'hi' }), {
      registry,
      presets: { math: { times: 3, loud: 'yes', colour: 'red' } },
    })
    expect(plan.verdict).toBe('ready')
    expect({ ...plan.args }).toMatchObject({ word: 'hi', times: 3, loud: true })
    const states = Object.fromEntries(plan.checks.map((c) => [c.name, c.state]))
    expect(states).toMatchObject({ word: 'ok', times: 'preset', loud: 'preset' })
    // A preset the method does not declare is for the tool's other methods: not an error here.
    expect(states.colour).toBeUndefined()
    const modelWins = planCall(request('math_repeat', { word: 'hi', times: '5' }), {
      registry,
      presets: { math: { times: 3 } },
    })
    expect(modelWins.args.times).toBe(5)
    const badPreset = planCall(request('math_repeat', { word: 'hi' }), {
      registry,
      presets: { math: { times: 'many' } },
    })
    expect(badPreset.verdict).toBe('invalid-arguments')
    expect(badPreset.checks.find((c) => c.name === 'times')?.problem).toContain("the agent's preset")
  })

  it('positions argument problems on the values, and a request in reasoning gets a verdict of its own', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const text = `Thinking.\n<think>\n${block([
      ['tool_name', 'math_add'],
      ['a', '1'],
      ['b', '2'],
    ])}\n</think>\n${block([
      ['tool_name', 'math_add'],
      ['a', 'two'],
      ['b', '2'],
      ['c', '3'],
    ])}`
    const parsed = parseToolRequests(text, 'vcp', { reasoning: 'include' })
    const [inside, wrong] = parsed.requests.map((r) => planCall(r, { registry })) as [CallPlan, CallPlan]
    expect(inside).toMatchObject({ verdict: 'in-reasoning', whenRun: 'ready' })
    expect(planCall(inside.request, { registry, reasoning: 'run' }).verdict).toBe('ready')
    // A batch inside reasoning: none of its items runs either.
    const batchText = `<think>\n${block([
      ['tool_name', 'math'],
      ['command1', 'add'],
      ['a1', '1'],
      ['command2', 'add'],
      ['a2', '2'],
    ])}\n</think>`
    const [batch] = parseToolRequests(batchText, 'vcp', { reasoning: 'include' }).requests
    const held = planCall(batch!, { registry })
    expect(held.items?.map((item) => [item.verdict, item.whenRun])).toEqual([
      ['in-reasoning', 'ready'],
      ['in-reasoning', 'ready'],
    ])
    const math = registry.get('math') as ToolRegistry & { calls: unknown[] }
    const before = math.calls.length
    expect((await executeToolRequest(batch!, { registry })).status).toBe('denied')
    expect(math.calls.length).toBe(before)
    expect(wrong.verdict).toBe('invalid-arguments')
    const diagnostics = planDiagnostics(wrong, text)
    expect(diagnostics.map((d) => [d.code, text.slice(d.offset, d.offset + d.length)])).toEqual([
      ['argument-type-error', 'two'],
      ['argument-undeclared', '3'],
    ])
  })

  it('asks the tool policy: a refusal is denied, a request for a person needs approval', async () => {
    const { registry } = await recordedBuiltins()
    const plan = (path: string) => planToolCall(request('fs_delete', { path, recursive: 'true' }), { registry })
    expect((await plan('/many')).verdict).toBe('needs-approval')
    expect((await plan('/many')).approvalReason).toBe('it deletes 5 files under "/many"')
    expect((await plan('/few')).verdict).toBe('ready')
  })

  it('property: the executor calls a method exactly when the plan says it runs, with the planned arguments', async () => {
    const { registry, tools, invoked } = await recordedBuiltins()
    const variables = createVariableStore()
    variables.set({ name: 'known', value: '7', type: 'result', toolName: 'calc_evaluate', requestId: 'r0' })
    const methods = tools.flatMap((tool) => tool.getMetadata().methods.map((method) => ({ tool, method })))
    const names = [
      ...methods.map(({ tool, method }) => routingName(tool.id, method.name)),
      ...tools.map((t) => t.id),
      'fs_delet',
      'nope_tool',
      '',
    ]
    const single = fc.constantFrom(...methods).chain(({ tool, method }) =>
      fc
        .record({
          name: fc.oneof(
            { weight: 6, arbitrary: fc.constant(routingName(tool.id, method.name)) },
            { weight: 1, arbitrary: fc.constantFrom(...names) },
          ),
          viaCommand: fc.boolean(),
          given: fc
            .subarray(method.parameters)
            .chain((chosen) => fc.tuple(...chosen.map((p) => valueFor(p).map((v): [string, string] => [p.name, v])))),
          extra: fc.subarray<[string, string]>([
            ['limit', '100'],
            ['limit', 'lots'],
            ['colour', 'red'],
            ['request_id', 'r-own'],
          ]),
          toolId: fc.constant(tool.id),
          methodName: fc.constant(method.name),
        })
        .map((r): [string, string][] => {
          const head: [string, string][] =
            r.viaCommand && r.name === routingName(r.toolId, r.methodName)
              ? [
                  ['tool_name', r.toolId],
                  ['command', r.methodName],
                ]
              : [['tool_name', r.name]]
          return [...head, ...r.given, ...r.extra]
        }),
    )
    const fsMethods = tools.find((t) => t.id === 'fs')?.getMetadata().methods ?? []
    const batch = fc
      .array(
        fc.record({
          command: fc.constantFrom(...fsMethods.map((m) => m.name), 'nope'),
          path: fc.constantFrom('/few', '/many', '/few/a.txt', '/'),
          content: fc.constantFrom('x', ''),
        }),
        { minLength: 1, maxLength: 3 },
      )
      .map((items): [string, string][] => [
        ['tool_name', 'fs'],
        ...items.flatMap((item, n): [string, string][] => [
          [`command${n + 1}`, item.command],
          [`path${n + 1}`, item.path],
          [`content${n + 1}`, item.content],
        ]),
      ])
    const run = fc.record({
      requests: fc.array(
        fc.record({
          fields: fc.oneof({ weight: 4, arbitrary: single }, { weight: 1, arbitrary: batch }),
          reasoning: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      caller: fc.constantFrom('agent' as const, 'user' as const),
      off: fc.subarray(
        tools.map((t) => t.id),
        { maxLength: 2 },
      ),
      requireConfirmation: fc.boolean(),
      approve: fc.boolean(),
      runReasoning: fc.boolean(),
      withVariables: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        const text = r.requests
          .map((q) => (q.reasoning ? `<think>\n${block(q.fields)}\n</think>` : block(q.fields)))
          .join('\nAnd then:\n')
        const parsed = parseToolRequests(text, 'vcp', { reasoning: 'include' })
        const options: ExecuteOptions = {
          registry,
          caller: r.caller,
          toolEnabled: (id) => !r.off.includes(id),
          requireConfirmation: r.requireConfirmation,
          onBeforeExecute: () => r.approve,
          reasoning: r.runReasoning ? 'run' : 'skip',
          ...(r.withVariables ? { variables } : {}),
        }
        for (const parsedRequest of parsed.requests) {
          const plan = await planToolCall(parsedRequest, options)
          invoked.length = 0
          await executeToolRequest(parsedRequest, options)
          const calls = plan.items ?? [plan]
          const expected = calls.filter(
            (call) => call.verdict === 'ready' || (call.verdict === 'needs-approval' && r.approve),
          )
          expect(invoked.map((call) => call.routingName)).toEqual(expected.map((call) => call.routingName))
          invoked.forEach((call, n) => expect(call.args).toEqual({ ...expected[n]?.args }))
        }
      }),
      { numRuns: 300, seed: 14 },
    )
  })
})

describe('call plan: never throws', () => {
  it('plans every request a hostile reply yields', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const text = block([
      ['tool_name', 'math'],
      ['command1', 'add'],
      ['__proto__', '{}'],
      ['constructor', 'x'],
      ['a1', '$VAR_REF{{a}}'],
    ])
    const variables = createVariableStore()
    variables.set({ name: 'a', value: '$VAR_REF{{a}}', type: 'result', toolName: 'x', requestId: 'x' })
    const [parsed] = parseToolRequests(text).requests as [ParsedRequest]
    const plan = await planToolCall(parsed, { registry, variables })
    expect(plan.items?.[0]?.checks.find((c) => c.name === 'a')?.state).toBe('unresolved')
  })
})
