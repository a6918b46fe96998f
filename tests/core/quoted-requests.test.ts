/**
 * Where a request is quoted rather than made: a Markdown blockquote, inline code, or a code fence
 * its protocol does not write calls in. The parser marks it (streaming as one-shot), and the plan
 * says what happens: a quoted call is never a call; a fenced one needs approval unless the
 * settings let fenced calls run.
 */
import { describe, expect, it } from 'vitest'
import {
  chineseMessages,
  createStreamParser,
  createToolRegistryManager,
  executeToolRequest,
  parseToolRequests,
  planCall,
  renderMessage,
  type ParsedRequest,
} from '../../src/core'
import { mathTool } from '../fixtures/tools'

const VCP = '<<<[TOOL_REQUEST]>>> tool_name:「始」math_add「末」, a:「始」2「末」 <<<[END_TOOL_REQUEST]>>>'
const VCP_LINES = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」\na:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>'
const HERMES = '<tool_call>{"name": "math_add", "arguments": {"a": 2}}</tool_call>'

const marks = (text: string, protocol = 'vcp'): (string | undefined)[] =>
  parseToolRequests(text, protocol).requests.map((r) => r.quoted)

describe('the parser marks quoted requests', () => {
  it('in a blockquote, on every line of it, however deep', () => {
    expect(marks(`Quoted:\n\n> ${VCP}`)).toEqual(['blockquote'])
    expect(marks(`> ${VCP_LINES.split('\n').join('\n> ')}`)).toEqual(['blockquote'])
    expect(marks(`   > > ${HERMES}`, 'hermes')).toEqual(['blockquote'])
    // A fence inside a blockquote is still the quote.
    expect(marks(`> \`\`\`\n> ${HERMES}\n> \`\`\``, 'hermes')).toEqual(['blockquote'])
  })

  it('in inline code, but not after a code span that closed before it, nor past a blank line', () => {
    expect(marks(`Write \`${VCP}\` to add.`)).toEqual(['inline-code'])
    expect(marks(`Write \`\`${HERMES}\`\` to add.`, 'hermes')).toEqual(['inline-code'])
    expect(marks(`Use \`math_add\`: ${VCP}`)).toEqual([undefined])
    // A run never closed before the call is taken as open: the call is quoted (the safe side).
    expect(marks(`A stray \` and then ${HERMES}`, 'hermes')).toEqual(['inline-code'])
    // A blank line ends the paragraph, and with it any code span.
    expect(marks(`Open \`\n\n${HERMES} and \``, 'hermes')).toEqual([undefined])
  })

  it('in a code fence, for the protocols whose calls are written bare', () => {
    for (const [protocol, call] of [
      ['vcp', VCP_LINES],
      ['hermes', HERMES],
      ['xml', HERMES.replaceAll('tool_call', 'tool_code')],
    ] as const)
      expect(marks(`Like this:\n\`\`\`\n${call}\n\`\`\`\n`, protocol)).toEqual(['code-fence'])
    // The json protocol asks for a ```json block: there the fence is how a call is written.
    expect(marks('```json\n{"tool_calls": [{"name": "math_add", "arguments": {"a": 2}}]}\n```', 'json')).toEqual([
      undefined,
    ])
  })

  it('leaves plain calls alone, and streaming marks what one-shot marks, however the text is cut', () => {
    const text = `Plain:\n${VCP}\n> ${VCP}\nand \`${VCP}\`\n\`\`\`\n${VCP_LINES}\n\`\`\`\n${VCP}`
    const whole = parseToolRequests(text, 'vcp')
    expect(whole.requests.map((r) => r.quoted)).toEqual([
      undefined,
      'blockquote',
      'inline-code',
      'code-fence',
      undefined,
    ])
    for (const size of [1, 3, 17, 64]) {
      const stream = createStreamParser('vcp')
      for (let at = 0; at < text.length; at += size) stream.feed(text.slice(at, at + size))
      expect(stream.end()).toEqual(whole)
    }
  })

  it('marks each of 5,000 calls quoted in inline code along one long paragraph', () => {
    const text = Array.from({ length: 5_000 }, () => `\`${HERMES}\``).join(' ')
    const requests = parseToolRequests(text, 'hermes').requests
    expect(requests).toHaveLength(5_000)
    expect(requests.every((r) => r.quoted === 'inline-code')).toBe(true)
  })
})

describe('the plan of a quoted request', () => {
  const registry = createToolRegistryManager()
  const math = mathTool()
  registry.register(math)
  const first = (text: string, protocol = 'vcp'): ParsedRequest => parseToolRequests(text, protocol).requests[0]!

  it('a call in a blockquote or inline code is never a call, and says so in English and Chinese', async () => {
    for (const [text, where] of [
      [`> ${VCP}`, 'a blockquote'],
      [`\`${VCP}\``, 'inline code'],
    ] as const) {
      const plan = planCall(first(text), { registry })
      expect(plan.verdict).toBe('quoted')
      expect(plan.whenRun).toBe('ready')
      expect(plan.reason).toBe(`"math_add" is quoted in ${where}, so it is not a call and is not run.`)
      expect(renderMessage(plan.reasonRef!, chineseMessages)).toMatch(/^"math_add" .*不是调用/)
      const result = await executeToolRequest(first(text), { registry })
      expect(result).toMatchObject({ status: 'denied', result: plan.reason })
    }
    expect(math.calls).toEqual([])
  })

  it('a call in a code fence needs approval, and the approval says why; a setting lets it run', () => {
    const fenced = first(`\`\`\`\n${VCP_LINES}\n\`\`\``)
    const plan = planCall(fenced, { registry })
    expect(plan.verdict).toBe('needs-approval')
    expect(plan.approvalReason).toBe(
      '"math_add" is inside a Markdown code fence: a model may only be showing the call, so a person approves it first',
    )
    expect(renderMessage(plan.approvalReasonRef!, chineseMessages)).toContain('代码围栏')
    // Even when every call is confirmed, the fence is the reason given.
    expect(planCall(fenced, { registry, requireConfirmation: true }).approvalReason).toBe(plan.approvalReason)
    expect(planCall(fenced, { registry, fencedCalls: 'run' }).verdict).toBe('ready')
  })
})
