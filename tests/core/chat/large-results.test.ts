import { describe, expect, it } from 'vitest'
import { BUILTIN_GROUPS } from '../../../src/tools'
import {
  buildToolRules,
  compactTranscript,
  createOpenAIClient,
  createVariableStore,
  emptyGroupState,
  isToolOn,
  parseToolRequests,
  runToolLoop,
  directRequest,
} from '../../../src/core'
import { toolExecutionLog } from '../../../src/core/chat/compact'
import { config, useChatFixture } from './chat-fixtures'

const fixture = useChatFixture()

/** The scripted 50,000-character-result session, with its own variable store. */
function runLargeResult(question: string, extra: Partial<Parameters<typeof runToolLoop>[0]> = {}) {
  const variables = createVariableStore()
  const run = runToolLoop({
    client: createOpenAIClient({ baseUrl: fixture.server.baseUrl, model: 'vcp-large-result' }),
    history: [{ role: 'user', content: question }],
    config: config(),
    registry: fixture.registry,
    variables,
    ...extra,
  })
  return { variables, run }
}

describe('a 50,000-character result in the loop', () => {
  it('the model gets the cut text with the hint, reads on with the ready-made ReadVar request, and answers', async () => {
    const { variables, run } = runLargeResult('Make me a 5,000-row table.', {
      groups: { groups: BUILTIN_GROUPS, state: emptyGroupState() },
    })
    const { record } = await run
    expect(record.status).toBe('completed')
    const [first, second] = record.rounds
    const cut = first?.results[0]
    expect(cut?.truncation?.totalChars).toBeGreaterThan(50_000)
    expect(cut?.truncation?.keptChars).toBe(8000)
    const full = variables.peek(cut!.variable!)!.value
    // What the model received: the cut text with the hint, in VCP's result format.
    const sent = fixture.server.chatRequests().at(-2)!
    expect(sent.messages.at(-1)?.content).toContain('[Result cut: 8,000 of')
    expect(sent.messages.at(-1)?.content).toContain(
      `truncated:「始」kept 8000 of ${cut!.truncation!.totalChars} characters; all of it is in variable "${cut!.variable}"「末」`,
    )
    // It sent back the ready-made request; reading on starts at the first character it had not seen.
    expect(second?.requests[0]?.toolName).toBe('vars_ReadVar')
    expect(second?.requests[0]?.args).toEqual({ name: cut!.variable, start: '4000' })
    const readOn = second!.results[0]!.result
    expect(readOn.startsWith(full.slice(4000, 4200))).toBe(true)
    // The system prompt had the base rules and each group's rules; the skill rules became rule variables.
    const system = fixture.server.chatRequests().at(-3)!.messages[0]!.content!
    expect(system).toContain('## Rules for using tools')
    expect(system).toContain('### Files')
    expect(system).toContain('"Rule/Compute/js-data"')
    expect(variables.peek('Rule/Compute/js-data')?.type).toBe('rule')
  })

  it('a group switched off takes its tools out of the prompt and the executor', async () => {
    const state = { groups: { Compute: false }, tools: { text: false } }
    expect(isToolOn(BUILTIN_GROUPS, state, 'js')).toBe(false)
    expect(isToolOn(BUILTIN_GROUPS, state, 'text')).toBe(false)
    expect(isToolOn(BUILTIN_GROUPS, state, 'fs')).toBe(true)
    const { record } = await runToolLoop({
      client: createOpenAIClient({ baseUrl: fixture.server.baseUrl, model: 'vcp-two-rounds' }),
      history: [{ role: 'user', content: 'x' }],
      config: config(),
      registry: fixture.registry,
      groups: { groups: BUILTIN_GROUPS, state },
    })
    expect(record.rounds[0]?.results[0]).toMatchObject({
      status: 'denied',
      result: 'Tool "calc" is switched off in this configuration, so "calc_evaluate" was not called.',
    })
    const system = fixture.server.chatRequests().at(-3)!.messages[0]!.content!
    expect(system).not.toContain('calc_evaluate')
    expect(system).not.toContain('### Compute')
    expect(system).toContain('fs_read')
  })
})

describe('tool rules', () => {
  it('the built-in rule prompts hold lines only for the tools that are on', () => {
    const compute = BUILTIN_GROUPS.find((g) => g.name === 'Compute')!
    const rule = compute.rulePrompt as (names: string[]) => string
    expect(rule(['calc', 'js']).split('\n')).toHaveLength(2)
    expect(rule(['calc'])).toMatch(/^- Use calc_evaluate/)
    expect(rule(['calc'])).not.toContain('js_evaluate')
    expect(rule([])).toBe('')
  })

  it('rule prompts that are functions get the enabled tool names; always-loaded skill rules are inlined', () => {
    const text = buildToolRules({
      groups: [
        {
          name: 'G',
          tools: ['a', 'b'],
          rulePrompt: (names) => `on: ${names.join(', ')}`,
          skillRules: {
            inline: { desc: 'd', prompt: 'INLINE RULE', alwaysLoad: true },
            lazy: { desc: 'lazy one', prompt: 'LAZY', when: 'needed' },
          },
        },
        { name: 'Off', tools: ['c'], rulePrompt: 'never shown' },
      ],
      state: { groups: { Off: false }, tools: {} },
      enabledToolIds: ['a', 'c'],
    })
    expect(text).toContain('### G\non: a')
    expect(text).toContain('### G: inline\nINLINE RULE')
    expect(text).toContain('- "Rule/G/lazy": lazy one (use when needed)')
    expect(text).not.toContain('LAZY')
    expect(text).not.toContain('never shown')
  })
})

describe('compact record', () => {
  it('one log block per call: shortened arguments (ids and paths kept), status, a 200-character preview; and a hint naming the variables', async () => {
    const { run } = runLargeResult('table')
    const { record } = await run
    const compact = compactTranscript(record)
    expect(compact).toContain('<SYSTEM-CONTEXT>')
    expect(compact).toContain(`result=$VAR_REF{{${record.rounds[0]!.results[0]!.variable}}}`)
    expect(compact.match(/\*\*\[Tool Execution Log\]\*\*/g)).toHaveLength(2)
    expect(compact).toContain('Status: ✓ Success')
    expect(compact).not.toContain('<<<[TOOL_REQUEST]>>>')
    expect(compact.length).toBeLessThan(3000)

    const long = 'x'.repeat(500)
    const log = toolExecutionLog(directRequest('fs_write', { path: `/very/${long}`, content: long }, 'r1'), {
      requestId: 'r1',
      toolName: 'fs_write',
      status: 'error',
      result: 'y'.repeat(300),
      durationMs: 2,
    })
    expect(log).toContain(`"path":"/very/${long}"`)
    expect(log).toContain('"content":"' + 'x'.repeat(120) + '… (380 more characters)"')
    expect(log).toContain('Status: ✗ Error (2 ms)')
    expect(log).toContain('y'.repeat(200) + '… (100 more characters)')
    expect(parseToolRequests(compact).requests).toEqual([])
  })
})
