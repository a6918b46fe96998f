import { describe, expect, it } from 'vitest'
import {
  createRequestIdSession,
  createToolRegistryManager,
  createVariableStore,
  createVariableTools,
  directRequest,
  executeToolRequest,
  parseToolRequests,
  type ExecuteOptions,
  type ToolRegistry,
} from '../../../src/core'
import { prepareOutput } from '../../../src/core/results/output'

const BIG = Array.from({ length: 5000 }, (_, i) => `line ${String(i).padStart(4, '0')}`).join('\n') // 49,999 characters

function bigTool(extra: Partial<ToolRegistry> = {}): ToolRegistry {
  return {
    id: 'big',
    name: 'Big',
    getMetadata: () => ({
      methods: [
        { name: 'text', description: 'A long text.', agentCallable: true, parameters: [] },
        { name: 'data', description: 'An object.', agentCallable: true, parameters: [] },
      ],
    }),
    text: () => BIG,
    data: () => ({ rows: 3 }),
    ...extra,
  }
}

function setup(tool: ToolRegistry = bigTool()) {
  const registry = createToolRegistryManager()
  registry.register(tool)
  registry.register(createVariableTools())
  const variables = createVariableStore()
  const session = createRequestIdSession()
  const options: ExecuteOptions = { registry, variables }
  const run = (toolName: string, args: Record<string, unknown> = {}, extra: ExecuteOptions = {}) =>
    executeToolRequest(directRequest(toolName, args, session.claim()), { ...options, ...extra })
  return { registry, variables, run }
}

describe('results: formatting and the cut', () => {
  it('cuts at 8,000 characters keeping head and tail; the full text is a variable; the hint reads on exactly where the cut began', async () => {
    const { run, variables } = setup()
    const result = await run('big_text')
    expect(result.status).toBe('success')
    expect(result.truncation).toEqual({
      keptChars: 8000,
      totalChars: BIG.length,
      resumeAt: 4000,
      variable: 'big_text/req-1/result',
    })
    expect(result.result.startsWith(BIG.slice(0, 4000))).toBe(true)
    expect(result.result).toContain(BIG.slice(-4000))
    expect(result.result).toContain(
      `[... ${(BIG.length - 8000).toLocaleString('en-US')} characters omitted from the middle ...]`,
    )
    expect(result.result).toContain(
      '[Result cut: 8,000 of 49,999 characters shown. The full result is in variable "big_text/req-1/result". To read on from character 4,000',
    )
    expect(variables.peek('big_text/req-1/result')?.value).toBe(BIG)
    expect(variables.peek('big_text/req-1/args')?.value).toBe('{}')

    // The ready-made request, run as it is, continues at the first character not shown.
    const [readOn] = parseToolRequests(result.result.slice(result.result.indexOf('<<<[TOOL_REQUEST]>>>'))).requests
    expect(readOn?.toolName).toBe('vars_ReadVar')
    const next = await run(readOn!.toolName, readOn!.args)
    expect(next.result.startsWith(BIG.slice(4000, 4100))).toBe(true)
    expect(next.result.startsWith(BIG.slice(3999, 4100))).toBe(false)
  })

  it('a cut ReadVar reads on in the variable it was reading, not in a copy of its own result', async () => {
    const { run } = setup()
    await run('big_text')
    // Read 3,000 characters from 10,000, shown cut to its first 1,000: the hint goes on at 11,000 in the same variable.
    const read = await run('vars_ReadVar', { name: 'big_text/req-1/result', start: 10_000, length: 3000, limit: 1000 })
    expect(read.truncation).toMatchObject({ keptChars: 1000, resumeAt: 1000, variable: 'vars_ReadVar/req-2/result' })
    expect(read.result).toContain(
      'To read on in "big_text/req-1/result" from character 11,000, the first one not shown, send:',
    )
    const [readOn] = parseToolRequests(read.result.slice(read.result.indexOf('<<<[TOOL_REQUEST]>>>'))).requests
    expect(readOn?.args).toEqual({ name: 'big_text/req-1/result', start: '11000', length: '2000' })
    const next = await run(readOn!.toolName, { ...readOn!.args, limit: 0 })
    // Exactly the characters of the first read that were not shown.
    expect(next.result).toBe(BIG.slice(11_000, 13_000))
  })

  it('limit 0 and -1 mean no cut; a positive limit cuts there; a bad limit is an error', async () => {
    const { run } = setup()
    expect((await run('big_text', { limit: 0 })).result).toBe(BIG)
    expect((await run('big_text', { limit: '-1' })).result).toBe(BIG)
    const small = await run('big_text', { limit: 100 })
    expect(small.truncation).toMatchObject({ keptChars: 100, resumeAt: 50 })
    expect((await run('big_text', { limit: ' ' })).status).toBe('error')
    expect((await run('big_text', { limit: 'lots' })).result).toBe(
      'Invalid arguments for "big_text": "limit" must be an integer (0 or -1: no cut), got "lots".',
    )
  })

  it('a tool may format, cut for itself, keep the head only, have its own limit, or opt out', async () => {
    const formatted = await setup(
      bigTool({ formatForLLM: (data: unknown) => `rows=${(data as { rows: number }).rows}` }),
    ).run('big_data')
    expect(formatted.result).toBe('rows=3')
    const head = await setup(bigTool({ truncation: 'head', defaultOutputLimit: 1000 })).run('big_text')
    expect(head.truncation).toMatchObject({ keptChars: 1000, resumeAt: 1000 })
    expect(head.result.startsWith(BIG.slice(0, 1000) + '\n[... 48,999 more characters not shown ...]')).toBe(true)
    const own = await setup(bigTool({ truncateForLLM: (text: string) => text.slice(0, 300) + ' (my own cut)' })).run(
      'big_text',
    )
    expect(own.truncation).toMatchObject({ keptChars: 313, resumeAt: 300 })
    const whole = await setup(bigTool({ externalTruncation: false })).run('big_text')
    expect(whole.result).toBe(BIG)
    expect(whole.truncation).toBeUndefined()
  })

  it('without a variable store the cut is still stated, without a variable to read', async () => {
    const registry = createToolRegistryManager()
    registry.register(bigTool())
    const result = await executeToolRequest(directRequest('big_text', {}, 'r1'), { registry })
    expect(result.result).toMatch(/\[Result cut: 8,000 of 49,999 characters shown\.\]$/)
  })

  it('the hint speaks the active protocol', async () => {
    const { run } = setup()
    expect((await run('big_text', {}, { resultProtocol: 'hermes' })).result).toContain('<tool_call>')
    const native = await run('big_text', {}, { resultProtocol: 'native' })
    expect(native.result).toContain(`a call of vars_ReadVar with arguments {"name":"${native.variable}","start":4000}`)
  })

  it('$VAR_REF in arguments is resolved before validation; an unknown name is a clear error', async () => {
    const { run } = setup()
    await run('big_text')
    const write = await run('vars_WriteVar', { name: 'first-line', value: '$VAR_REF{{big_text/req-1/result:0:9}}' })
    expect(write.status).toBe('success')
    expect((await run('vars_ReadVar', { name: 'first-line' })).result).toBe('line 0000')
    const bad = await run('vars_ReadVar', { name: '$VAR_REF{{missing}}' })
    expect(bad).toMatchObject({ status: 'error' })
    expect(bad.result).toMatch(
      /^Arguments of "vars_ReadVar" could not be resolved: \$VAR_REF\{\{missing\}\}: there is no variable "missing"/,
    )
  })

  it('result review: a rejected result reaches the model as a rejection with the reason, and is not kept', async () => {
    const { run, variables } = setup()
    const result = await run(
      'big_data',
      {},
      { onResultReview: () => ({ approved: false, reason: 'contains customer data' }) },
    )
    expect(result).toMatchObject({
      status: 'denied',
      result: 'The user rejected the result of "big_data"; it is not shown. Reason: contains customer data',
    })
    expect(variables.peek('big_data/req-1/result')).toBeUndefined()
    expect(variables.peek('big_data/req-1/args')).toBeDefined()
  })

  it('the var tools: list, write, remove (rule variables protected), read errors', async () => {
    const { run, variables } = setup()
    variables.set({ name: 'Rule/Files/large-files', value: 'rule', type: 'rule' })
    await run('vars_WriteVar', { name: 'a', value: 'A', tags: ['t'] })
    const list = JSON.parse((await run('vars_ListVars', { filter: { tag: 't' } })).result) as {
      total: number
      items: { name: string }[]
    }
    expect(list).toMatchObject({ total: 1, items: [{ name: 'a' }] })
    expect(JSON.parse((await run('vars_RemoveVars', { names: ['a', 'Rule/Files/large-files'] })).result)).toEqual({
      removed: ['a'],
      protected: ['Rule/Files/large-files'],
      missing: [],
    })
    expect((await run('vars_ReadVar', { name: 'a' })).result).toBe(
      '"vars_ReadVar" failed: There is no variable "a". ListVars shows the variables.',
    )
    expect((await run('vars_WriteVar', { name: 'Rule/Files/large-files', value: 'x' })).result).toMatch(
      /is a rule variable and cannot be replaced/,
    )
    expect((await run('vars_WriteVar', { name: 'bad:name', value: 'x' })).result).toMatch(/cannot be a variable name/)
  })

  it('items of a batch keep variables of their own', async () => {
    const { registry, variables } = setup()
    await executeToolRequest(
      parseToolRequests(
        '<<<[TOOL_REQUEST]>>>\ntool_name:「始」big「末」,\ncommand1:「始」data「末」,\ncommand2:「始」data「末」\n<<<[END_TOOL_REQUEST]>>>',
      ).requests[0]!,
      { registry, variables },
    )
    expect(variables.list({ type: 'result' }).map((v) => v.name)).toEqual([
      'big_data/req-1.1/result',
      'big_data/req-1.2/result',
    ])
  })

  it('prepareOutput on text that fits returns it whole', () => {
    expect(prepareOutput('short', bigTool(), {}, undefined)).toEqual({ text: 'short', full: 'short' })
  })
})
