// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import {
  createToolRegistryManager,
  directRequest,
  planCall,
  type ApprovalDecision,
  type PendingApproval,
  type LiveRequest,
} from '../../../src/core'
import { mathTool } from '../../fixtures/tools'
import ChatRequestCard from '../../../src/components/chat/ChatRequestCard.vue'
import MarkdownText from '../../../src/components/chat/MarkdownText.vue'
import { mountWithApp } from '../../helpers-ui'

const request = directRequest('fs_read', { path: '/notes/a.md' }, 'req-7')
const card = (extra: Partial<LiveRequest> = {}): LiveRequest => ({
  key: 'b0',
  toolName: 'fs_read',
  args: { path: '/notes/a.md' },
  state: 'parsed',
  request,
  ...extra,
})

function pending(kind: PendingApproval['kind'], decisions: ApprovalDecision[]): PendingApproval {
  return {
    id: 'p1',
    kind,
    round: 0,
    call: {
      requestId: 'req-7',
      toolName: 'fs_read',
      routingName: 'fs_read',
      toolId: 'fs',
      method: 'read',
      args: { path: '/notes/a.md' },
    },
    outcome: kind === 'result' ? { status: 'success', result: 'secret text' } : undefined,
    decide: (d) => decisions.push(d),
  }
}

describe('ChatRequestCard', () => {
  it('shows the tool, its arguments and the state while it waits', () => {
    const wrapper = mountWithApp(ChatRequestCard, { props: { card: card({ state: 'streaming', request: undefined }) } })
    expect(wrapper.find('[data-test="chat-card"]').attributes('data-state')).toBe('streaming')
    expect(wrapper.text()).toContain('fs_read')
    expect(wrapper.text()).toContain('/notes/a.md')
    expect(wrapper.find('[data-test="chat-card-state"]').text()).toBe('arriving…')
  })

  it('approve and reject (with the reason typed) decide the pending call', async () => {
    const decisions: ApprovalDecision[] = []
    const wrapper = mountWithApp(ChatRequestCard, { props: { card: card(), pending: pending('call', decisions) } })
    expect(wrapper.find('[data-test="chat-card"]').attributes('data-state')).toBe('awaiting-approval')
    await wrapper.find('[data-test="approve"]').trigger('click')
    await wrapper.find('input[data-test="approval-reason"]').setValue('not that file')
    await wrapper.find('[data-test="reject"]').trigger('click')
    await wrapper.find('[data-test="approve-round"]').trigger('click')
    expect(decisions).toEqual([{ approved: true }, { approved: false, reason: 'not that file' }])
    expect(wrapper.emitted('approveRound')).toHaveLength(1)
  })

  it('an aborted card is drawn as aborted, never as a success', () => {
    const aborted = card({
      state: 'done',
      result: {
        requestId: 'req-7',
        toolName: 'fs_read',
        status: 'aborted',
        result: '"fs_read" was not run: the reply was stopped before the request was complete.',
        durationMs: 0,
      },
    })
    const wrapper = mountWithApp(ChatRequestCard, { props: { card: aborted } })
    const root = wrapper.find('[data-test="chat-card"]')
    expect(root.classes()).toContain('chat-card--aborted')
    expect(root.classes()).not.toContain('chat-card--done')
    expect(root.attributes('data-status')).toBe('aborted')
    expect(wrapper.find('[data-test="chat-card-status"]').text()).toBe('aborted')
  })

  it("before it runs, the card shows what the plan adds (an agent's preset) and what it refuses", () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const plan = planCall(directRequest('math_repeat', { word: 'hi' }, 'req-7'), {
      registry,
      presets: { math: { times: 2 } },
    })
    const wrapper = mountWithApp(ChatRequestCard, {
      props: { card: card({ toolName: 'math_repeat', args: { word: 'hi' } }), plan },
    })
    expect(wrapper.find('[data-test="chat-card-plan"] tr[data-state="preset"]').text()).toContain('times')
    expect(wrapper.find('[data-test="chat-card-plan"]').text()).toContain('preset used')
    const refused = planCall(directRequest('math_repeat', { word: 'hi' }, 'req-7'), { registry })
    const bad = mountWithApp(ChatRequestCard, {
      props: { card: card({ toolName: 'math_repeat', args: { word: 'hi' } }), plan: refused },
    })
    expect(bad.find('[data-test="chat-card-verdict"]').text()).toBe('invalid arguments')
    expect(bad.find('[data-test="chat-card-plan"] tr[data-state="missing"]').text()).toContain(
      'missing required "times"',
    )
  })

  it('a call written with no arguments, filled by defaults and presets, says so instead of "no arguments"', () => {
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const mountFor = (presets: Record<string, Record<string, unknown>>, method: string) =>
      mountWithApp(ChatRequestCard, {
        props: {
          card: card({ toolName: method, args: {} }),
          plan: planCall(directRequest(method, {}, 'req-7'), { registry, presets }),
        },
      })
    const both = mountFor({ math: { a: 1 } }, 'math_add')
    expect(both.find('[data-test="chat-card-no-args"]').text()).toBe('No arguments written; defaults and presets used:')
    expect(both.text()).not.toContain('no arguments')
    expect(both.find('[data-test="chat-card-plan"] tr[data-state="default"]').text()).toContain('b')
    const presets = mountFor({ math: { word: 'hi', times: 2 } }, 'math_repeat')
    expect(presets.find('[data-test="chat-card-no-args"]').text()).toBe('No arguments written; presets used:')
    const missing = mountFor({}, 'math_repeat')
    expect(missing.find('[data-test="chat-card-no-args"]').text()).toBe('no arguments')
  })

  it('a call its tool asked approval for says why', () => {
    const asking = pending('call', [])
    asking.call.approvalReason = 'it deletes 12 files under "/docs"'
    const wrapper = mountWithApp(ChatRequestCard, { props: { card: card(), pending: asking } })
    expect(wrapper.find('[data-test="approval-why"]').text()).toBe(
      'The tool asks for approval: it deletes 12 files under "/docs".',
    )
    expect(
      mountWithApp(ChatRequestCard, { props: { card: card(), pending: pending('call', []) } })
        .find('[data-test="approval-why"]')
        .exists(),
    ).toBe(false)
  })

  it('a result under review shows what the call returned', () => {
    const wrapper = mountWithApp(ChatRequestCard, {
      props: { card: card({ state: 'running' }), pending: pending('result', []) },
    })
    expect(wrapper.find('[data-test="result-review"]').text()).toContain('secret text')
    expect(wrapper.find('[data-test="approval"]').attributes('data-kind')).toBe('result')
  })

  it('a cut result says how much it shows and opens the variable', async () => {
    const result = {
      requestId: 'req-7',
      toolName: 'fs_read',
      status: 'success' as const,
      result: 'head…',
      durationMs: 3,
      truncation: { keptChars: 8000, totalChars: 50_000, resumeAt: 4000, variable: 'fs_read/req-7/result' },
    }
    const wrapper = mountWithApp(ChatRequestCard, { props: { card: card({ state: 'done', result }) } })
    expect(wrapper.find('[data-test="cut-note"]').text()).toContain('Showing 8,000 of 50,000 characters')
    await wrapper.find('[data-test="open-full-result"]').trigger('click')
    expect(wrapper.emitted('openVariable')).toEqual([['fs_read/req-7/result']])
    expect(wrapper.find('[data-test="chat-card-status"]').text()).toBe('success')
  })
})

describe('MarkdownText', () => {
  it('renders Markdown and leaves script as text', () => {
    const wrapper = mountWithApp(MarkdownText, { props: { text: '**hi** <script>alert(1)</script>' } })
    expect(wrapper.find('strong').text()).toBe('hi')
    expect(wrapper.find('script').exists()).toBe(false)
    expect(wrapper.text()).toContain('<script>alert(1)</script>')
  })

  it('as the text grows, draws only the piece that changed; earlier pieces keep their elements', async () => {
    const wrapper = mountWithApp(MarkdownText, { props: { text: '# Part 1\n\nFirst paragraph.\n\nSecond' } })
    const pieces = () => wrapper.findAll('.markdown-block').map((piece) => piece.element.firstChild)
    const before = pieces()
    expect(before).toHaveLength(3)
    await wrapper.setProps({ text: '# Part 1\n\nFirst paragraph.\n\nSecond paragraph, longer now.' })
    const after = pieces()
    expect(after[0]).toBe(before[0])
    expect(after[1]).toBe(before[1])
    expect(after[2]).not.toBe(before[2])
    expect(wrapper.findAll('.markdown-block')[2]!.text()).toBe('Second paragraph, longer now.')
  })
})
