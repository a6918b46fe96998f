// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TOOL_CALL_CONFIG,
  directRequest,
  parseToolRequests,
  type ChatTurn,
  type RoundRecord,
  type RunRecord,
  type ToolRegistry,
} from '../../../src/core'
import { caseFromCalls, scoreReply } from '../../../src/core/eval'
import {
  callsOfRequests,
  chatRoundConversation,
  chatRoundDraft,
  offeredFunctions,
  replyDraft,
  savableRequests,
} from '../../../src/components/eval/save-case'
import { mathTool } from '../../fixtures/tools'
import { useFreshApp } from '../../helpers-ui'

/** A tool whose id holds a dot, as MCP servers name theirs: its routing name is no API function name. */
const webTool: ToolRegistry = {
  id: 'web.search',
  name: 'Web search',
  description: 'Searches the web.',
  getMetadata: () => ({
    methods: [
      { name: 'find', description: 'Finds pages.', agentCallable: true, parameters: [{ name: 'q', type: 'string' }] },
    ],
  }),
  find: () => 'no pages',
} as ToolRegistry

useFreshApp({ extraTools: [mathTool(), webTool] })

const vcp = (name: string, fields: Record<string, string>): string =>
  [
    '<<<[TOOL_REQUEST]>>>',
    `tool_name:「始」${name}「末」,`,
    ...Object.entries(fields).map(([key, value]) => `${key}:「始」${value}「末」,`),
    '<<<[END_TOOL_REQUEST]>>>',
  ].join('\n')

describe('the functions a chat offers', () => {
  it('lists every agent-callable method that is on, under its routing name, with its schema', () => {
    const functions = offeredFunctions()
    const names = functions.map((fn) => fn.name)
    expect(names).toEqual(expect.arrayContaining(['math_add', 'math_repeat', 'math_shape', 'calc_evaluate']))
    expect(names).not.toContain('math_reset')
    // The API's name for it is another (dots are not allowed); calls name the routing name.
    expect(names).toContain('web.search_find')
    const repeat = functions.find((fn) => fn.name === 'math_repeat')
    expect(repeat?.description).toContain('Repeats a word.')
    expect(repeat?.parameters.properties.times?.type).toBe('integer')
    expect(repeat?.parameters.required).toEqual(expect.arrayContaining(['word', 'times']))
  })

  it('leaves out what the settings switch off, and offers nothing with tools off', () => {
    const off = { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: { math: false } }
    const names = offeredFunctions({ config: off }).map((fn) => fn.name)
    expect(names).not.toContain('math_add')
    expect(names).toContain('web.search_find')
    expect(offeredFunctions({ config: { ...DEFAULT_TOOL_CALL_CONFIG, enabled: false } })).toEqual([])
  })
})

describe('the calls of a reply', () => {
  it('types text values by the function declared (as the lab decodes them); text that does not read stays text', () => {
    const reply = [
      vcp('math_repeat', { word: 'hi', times: '3', loud: 'TRUE' }),
      vcp('math_repeat', { word: 'hi', times: 'three' }),
      vcp('math_shape', { point: '{"x": 1, "y": 2}', tags: '["a"]' }),
      vcp('nowhere_go', { times: '3' }),
    ].join('\n')
    const requests = parseToolRequests(reply, 'vcp').requests
    expect(callsOfRequests(requests, offeredFunctions())).toEqual([
      { math_repeat: { word: 'hi', times: 3, loud: true } },
      { math_repeat: { word: 'hi', times: 'three' } },
      { math_shape: { point: { x: 1, y: 2 }, tags: ['a'] } },
      { nowhere_go: { times: '3' } },
    ])
  })

  it('keeps typed arguments as the format carried them', () => {
    const native = directRequest('math_add', { a: 1.5, b: '2' }, 'call_1')
    expect(callsOfRequests([native], offeredFunctions())).toEqual([{ math_add: { a: 1.5, b: '2' } }])
  })

  it('saves only valid requests outside reasoning', () => {
    const noName = '<<<[TOOL_REQUEST]>>>\na:「始」3「末」\n<<<[END_TOOL_REQUEST]>>>'
    const reply = `<think>${vcp('math_add', { a: '1' })}</think>\n${vcp('math_add', { a: '2' })}\n${noName}`
    const requests = parseToolRequests(reply, 'vcp', { reasoning: 'include' }).requests
    expect(requests.length).toBe(3)
    expect(savableRequests(requests).map((r) => r.args)).toEqual([{ a: '2' }])
    expect(replyDraft(requests).calls).toEqual([{ math_add: { a: 2 } }])
  })

  it('a case saved from a VCP reply passes when that same reply is scored (values were text)', () => {
    const reply = `Sure.\n${vcp('math_repeat', { word: 'hi', times: '3' })}`
    const draft = replyDraft(parseToolRequests(reply, 'vcp').requests)
    const testCase = caseFromCalls({ messages: [{ role: 'user', content: 'Say hi 3 times' }], ...draft })
    expect(testCase.expected).toEqual([{ math_repeat: { word: ['hi'], times: [3] } }])
    expect(scoreReply(testCase, { result: reply }, { protocol: 'vcp' })).toMatchObject({ valid: true })
  })
})

describe('the conversation before a chat round', () => {
  const round = (index: number, extra: Partial<RoundRecord>): RoundRecord => ({
    index,
    kind: 'tools',
    content: '',
    toolCalls: [],
    requests: [],
    diagnostics: [],
    results: [],
    timings: { modelMs: 5, toolsMs: 0 },
    ...extra,
  })
  const run = (rounds: RoundRecord[]): RunRecord => ({
    status: 'completed',
    rounds,
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    startedAt: 0,
    durationMs: 10,
    calling: 'native',
    protocol: 'vcp',
  })
  const add = directRequest('math_add', { a: 2, b: 3 }, 'call_1')
  const turns: ChatTurn[] = [
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi there.', run: run([round(0, { content: 'Hi there.' })]) },
    { role: 'user', content: 'Add 2 and 3, then tell me.' },
    {
      role: 'assistant',
      content: 'It is 5.',
      run: run([
        round(0, {
          content: 'Adding.',
          requests: [add],
          results: [
            { requestId: 'call_1', toolName: 'math_add', status: 'success', result: '{"sum":5}', durationMs: 1 },
          ],
        }),
        round(1, { content: 'It is 5.' }),
      ]),
    },
  ]

  it('is the turns before it as text, with no system message', () => {
    expect(chatRoundConversation(turns, 3, 0)).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi there.' },
      { role: 'user', content: 'Add 2 and 3, then tell me.' },
    ])
  })

  it('holds the earlier rounds of the same run, with their calls and results, for a later round', () => {
    const messages = chatRoundConversation(turns, 3, 1)
    expect(messages).toHaveLength(4)
    expect(messages[3]?.role).toBe('assistant')
    expect(messages[3]?.content).toContain('Adding.')
    expect(messages[3]?.content).toContain('[Tool Execution Log]**: math_add')
    expect(messages[3]?.content).toContain('{"sum":5}')
  })

  it('drafts a round: its calls expected, or none for a round that made none', () => {
    const first = chatRoundDraft(turns, 3, 0, {})
    expect(first.calls).toEqual([{ math_add: { a: 2, b: 3 } }])
    expect(first.functions.map((fn) => fn.name)).toContain('math_add')
    expect(chatRoundDraft(turns, 3, 1, {}).calls).toEqual([])
  })
})
