import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  chineseMessages,
  createProtocolRegistry,
  createToolRegistryManager,
  createVariableStore,
  englishMessages,
  parseLenientJson,
  parseToolRequests,
  planDiagnostics,
  renderMessage,
  templatePlaceholders,
  type MessageId,
  type CallPlan,
  type Diagnostic,
  type MessageRef,
  type PlannedCall,
  type ToolRegistry,
  vcpProtocol,
} from '../../../src/core'
import { planToolCall } from '../../../src/core/execution/plan'
import { mathTool } from '../../fixtures/tools'
import { replyArb } from '../../fuzz/replies'

/** A message said by id renders back to its English text, and to Chinese with nothing left unfilled. */
function expectSaid(ref: MessageRef | undefined, english: string | undefined, what: string): void {
  expect(ref, `${what}: ${english}`).toBeDefined()
  const said = ref as MessageRef
  expect(said.id in englishMessages, said.id).toBe(true)
  expect(renderMessage(said, englishMessages), said.id).toBe(english)
  expectFilledInChinese(said)
}

/**
 * Every placeholder of the Chinese template has its parameter, nested messages too. (The rendered
 * text itself may hold braces: a model's `$VAR_REF{{name}}` is quoted as written.)
 */
function expectFilledInChinese(said: MessageRef): void {
  const template = chineseMessages[said.id as MessageId]
  expect(template, said.id).toBeTypeOf('string')
  for (const name of templatePlaceholders(template)) {
    const value = said.params?.[name]
    expect(value, `${said.id}: {${name}}`).toBeDefined()
    if (typeof value === 'object') expectFilledInChinese(value)
  }
}

function expectDiagnosticsSaid(diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics)
    expectSaid(d.messageId === undefined ? undefined : { id: d.messageId, params: d.params }, d.message, d.code)
}

describe('text protocols say every diagnostic by id', () => {
  it('vcp, json, xml, hermes and auto, over generated replies', () => {
    fc.assert(
      fc.property(replyArb, (text) => {
        for (const protocol of ['vcp', 'json', 'xml', 'hermes', 'auto']) {
          const result = parseToolRequests(text, protocol)
          expectDiagnosticsSaid(result.diagnostics)
          for (const found of result.detected ?? []) expectSaid(found.reasonRef, found.reason, found.id)
        }
      }),
      { numRuns: 300 },
    )
  }, 180_000)

  it('auto says why it chose a native format, from the model hint or the opener', () => {
    const hinted = parseToolRequests('[TOOL_CALLS]', 'auto', { model: 'mistral-large' })
    const found = parseToolRequests('<tool_call>\n{"name": "a_b", "arguments": {}}', 'auto', { model: 'qwen3' })
    for (const result of [hinted, found]) {
      expectDiagnosticsSaid(result.diagnostics)
      expect(result.detected?.length).toBeGreaterThan(0)
      for (const format of result.detected ?? []) expectSaid(format.reasonRef, format.reason, format.id)
    }
  })

  it('an unknown protocol and a parser that fails are said by id', () => {
    const broken = createProtocolRegistry([
      {
        ...vcpProtocol,
        id: 'broken',
        parseToolRequests: () => {
          throw new Error('out of ink')
        },
      },
    ])
    const results = [
      parseToolRequests('x', 'nope'),
      parseToolRequests('x', 'qwen3coder'),
      parseToolRequests('x', 'broken', { protocols: broken }),
    ]
    expect(results.map((r) => r.diagnostics[0]?.code)).toEqual([
      'unknown-protocol',
      'unknown-protocol',
      'parser-failure',
    ])
    for (const result of results) expectDiagnosticsSaid(result.diagnostics)
  })

  it('the lenient JSON reader says its repairs and failures by id', () => {
    const texts = [
      "{a: 'x', b: 'y', c: True, d: [1,],}",
      '{"a": "line\nbreak"}',
      '{"a": 1 2}',
      '{"a" 1}',
      '{"a": "\\q"}',
      '{"a": "\\u12"}',
      '{"a": nope}',
      '{"a": -}',
      '{"a": "never',
      '[1, 2] trailing',
      '',
      '{,}',
      '['.repeat(300),
    ]
    for (const text of texts) {
      const parsed = parseLenientJson(text)
      for (const repair of parsed.repairs)
        expectSaid({ id: repair.messageId, params: repair.params }, repair.message, repair.code)
      if (!parsed.ok) expectSaid(parsed.why, parsed.message, text)
    }
  })
})

/** A tool whose policy refuses, asks or fails, by the argument it is given. */
function guardedTool(): ToolRegistry {
  const tool = {
    id: 'guard',
    name: 'Guard',
    description: 'A tool with a policy.',
    getMetadata: () => ({
      methods: [
        {
          name: 'act',
          description: 'Acts.',
          agentCallable: true,
          parameters: [{ name: 'mode', type: 'string' as const }],
        },
      ],
    }),
    policy: ({ args }: { args: Record<string, unknown> }) => {
      if (args.mode === 'deny') return { deny: 'not on Sundays' }
      if (args.mode === 'ask') return { ask: 'a person should look first' }
      if (args.mode === 'throw') throw new Error('policy broke')
      return undefined
    },
    act: () => 'acted',
  }
  return tool as unknown as ToolRegistry
}

/** A VCP block with these fields. */
function block(fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([key, value]) => `${key}:「始」${value}「末」`)
    .join(',\n')
  return `<<<[TOOL_REQUEST]>>>\n${body}\n<<<[END_TOOL_REQUEST]>>>`
}

const REPLIES: Record<string, string> = {
  'unknown tool': block({ tool_name: 'math_ad', a: '1' }),
  'unknown tool, no close name': block({ tool_name: 'zzzzzzzz', a: '1' }),
  'tool without a method': block({ tool_name: 'math', a: '1' }),
  'missing argument': block({ tool_name: 'math_add' }),
  'wrong type': block({ tool_name: 'math_repeat', word: 'hi', times: 'twice', style: 'bold' }),
  'undeclared argument': block({ tool_name: 'math_add', a: '1', colour: 'red' }),
  'wrong limit': block({ tool_name: 'math_add', a: '1', limit: 'lots' }),
  'wrong nested values': block({ tool_name: 'math_shape', point: '{"x": "a", "z": 1}', tags: '[null, 1]' }),
  'unresolved reference': block({ tool_name: 'math_add', a: '$VAR_REF{{nowhere}}' }),
  'not callable': block({ tool_name: 'math_reset' }),
  'disabled tool': block({ tool_name: 'guard_act', mode: 'ok', off: 'yes' }),
  'denied by policy': block({ tool_name: 'guard_act', mode: 'deny' }),
  'policy that fails': block({ tool_name: 'guard_act', mode: 'throw' }),
  'in reasoning': `<think>\n${block({ tool_name: 'math_add', a: '1' })}\n</think>`,
  'quoted in a blockquote': `> ${block({ tool_name: 'math_add', a: '1' }).split('\n').join('\n> ')}`,
  'in a code fence': `\`\`\`\n${block({ tool_name: 'math_add', a: '1' })}\n\`\`\``,
  'numbered batch': block({ tool_name: 'math', command1: 'add', a1: '1', command2: 'nope', command3: 'add', a3: 'x' }),
  'batch of asking items': block({ tool_name: 'guard', command1: 'act', mode1: 'ask', command2: 'act', mode2: 'ok' }),
  malformed: block({ a: '1' }),
}

/** Every planned call that does not simply run says its reasons by id. */
function expectPlanSaid(plan: CallPlan, name: string): void {
  const calls: PlannedCall[] = [plan, ...(plan.items ?? [])]
  for (const call of calls) {
    if (call.verdict !== 'ready') {
      if (call.verdict === 'needs-approval') {
        // A tool policy's own words have no id; every reason the core writes has one.
        if (call.approvalReason !== 'a person should look first')
          expectSaid(call.approvalReasonRef, call.approvalReason, `${name}: approval`)
        else expect(call.approvalReasonRef).toBeUndefined()
      } else expectSaid(call.reasonRef, call.reason, `${name}: ${call.verdict}`)
    }
    for (const check of call.checks)
      if (check.problem !== undefined)
        expectSaid(
          check.messageId === undefined ? undefined : { id: check.messageId, params: check.params },
          check.problem,
          `${name}: ${check.name}`,
        )
  }
}

describe('plans say their reasons by id', () => {
  it('for every verdict that keeps a call from running, batches and their items included', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    registry.register(guardedTool())
    const variables = createVariableStore()
    const verdicts = new Set<string>()
    for (const [name, text] of Object.entries(REPLIES)) {
      const [request] = parseToolRequests(text, 'vcp', { reasoning: 'include' }).requests
      expect(request, name).toBeDefined()
      const plan = await planToolCall(request!, {
        registry,
        variables,
        toolEnabled: () => !('off' in request!.args),
        requireConfirmation: name === 'batch of asking items',
      })
      expect(plan.verdict, name).not.toBe('ready')
      verdicts.add(plan.verdict)
      expectPlanSaid(plan, name)
      expectDiagnosticsSaid(planDiagnostics(plan, text))
    }
    expect([...verdicts].sort()).toEqual([
      'denied',
      'disabled',
      'in-reasoning',
      'invalid-arguments',
      'malformed',
      'needs-approval',
      'not-callable',
      'quoted',
      'unknown-tool',
    ])
  })

  it('a call that needs approval because every call does says so by id', async () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const [request] = parseToolRequests(block({ tool_name: 'math_add', a: '1' })).requests
    const plan = await planToolCall(request!, { registry, requireConfirmation: true })
    expect(plan.verdict).toBe('needs-approval')
    expectSaid(plan.approvalReasonRef, plan.approvalReason, 'confirm every call')
  })
})
