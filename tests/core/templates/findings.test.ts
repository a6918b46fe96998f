import { beforeAll, describe, expect, it } from 'vitest'
import { FINDING_IDS, templateFindings } from '../../../src/core/templates/analysis'
import type { Finding, FindingId } from '../../../src/core/templates/analysis'
import { VENDORED_TEMPLATES } from '../../../src/templates/catalog'
import { readVendoredTemplate } from '../../../src/templates/node'
import { CLEAN_TEMPLATE, cleanTemplateWith } from './hand-written'

function ids(findings: readonly Finding[]): FindingId[] {
  return findings.map((finding) => finding.id)
}

function only(findings: readonly Finding[], id: FindingId): Finding {
  expect(ids(findings)).toEqual([id])
  return findings[0] as Finding
}

/** The highlighted texts of a finding. */
function highlighted(finding: Finding): string[] {
  return (finding.evidence.highlight ?? []).map(({ start, end }) => finding.evidence.rendered.slice(start, end))
}

/** Sets `last_user.at` to the index of the last user message, for a template that renders reasoning after it only. */
const LAST_USER_MESSAGE =
  '{% set last_user = namespace(at=-1) %}{% for m in messages %}{% if m.role == "user" %}{% set last_user.at = loop.index0 %}{% endif %}{% endfor %}'

describe('templateFindings on hand-written templates', () => {
  it('finds nothing in a template that does everything right', () => {
    expect(templateFindings(CLEAN_TEMPLATE)).toEqual([])
  })

  it('tools-not-rendered: an error when no tool reaches the prompt', () => {
    const finding = only(templateFindings(cleanTemplateWith({ tools: '' })), 'tools-not-rendered')
    expect(finding.severity).toBe('error')
    expect(finding.message).toMatch(/do not appear in the prompt/)
    expect(finding.evidence.rendered).toContain('You may call these tools:')
  })

  it('tools-not-rendered: a warning when the names come without their descriptions', () => {
    const template = cleanTemplateWith({ tools: '{% for tool in tools %}{{ tool.function.name }}\n{% endfor %}' })
    const finding = only(templateFindings(template), 'tools-not-rendered')
    expect(finding.severity).toBe('warning')
    expect(highlighted(finding)).toEqual(['probe_tool_a', 'probe_tool_b'])
  })

  it('string-arguments: arguments as JSON text printed double-encoded, highlighted', () => {
    const template = cleanTemplateWith({ arguments: '{{ call.function.arguments | tojson }}' })
    const finding = only(templateFindings(template), 'string-arguments')
    expect(finding.severity).toBe('warning')
    expect(finding.message).toMatch(/as JSON text.*double-encoded/)
    expect(highlighted(finding)).toEqual(['"{\\"city\\":\\"Zzyzx\\",\\"n\\":7}"'])
  })

  it('string-arguments: the reverse, objects printed as Python dicts where JSON text renders', () => {
    const template = cleanTemplateWith({ arguments: '{{ call.function.arguments }}' })
    const finding = only(templateFindings(template), 'string-arguments')
    expect(finding.message).toMatch(/as an object.*Python's repr/)
    expect(highlighted(finding)).toEqual(["{'city': 'Zzyzx', 'n': 7}"])
  })

  it('string-arguments: arguments as JSON text that make the template fail', () => {
    const template = cleanTemplateWith({ arguments: '{{ call.function.arguments | dictsort | tojson }}' })
    const finding = only(templateFindings(template), 'string-arguments')
    expect(finding.message).toMatch(/as JSON text.*make the template fail/)
  })

  it('system-dropped: the system message never reaches the prompt', () => {
    const finding = only(templateFindings(cleanTemplateWith({ system: '' })), 'system-dropped')
    expect(finding.severity).toBe('error')
    expect(finding.message).toMatch(/not in the prompt: the model never sees it/)
  })

  it('system-dropped: only when tools are given', () => {
    const template = cleanTemplateWith({ system: '{% if system is defined and not tools %}{{ system }}\n{% endif %}' })
    expect(only(templateFindings(template), 'system-dropped').message).toMatch(/when tools are given/)
  })

  it('system-dropped: a template that refuses a system message', () => {
    const template = `{% if messages[0].role == 'system' %}{{ raise_exception('System role not supported') }}{% endif %}${CLEAN_TEMPLATE}`
    expect(only(templateFindings(template), 'system-dropped').message).toMatch(
      /refuses a system message: System role not supported/,
    )
  })

  it('system-moved: the system message goes before the last user message', () => {
    const template = cleanTemplateWith({
      system: '',
      otherMessage:
        '<|im_start|>{{ message.role }}\n{% if loop.last and system is defined %}{{ system }}\n\n{% endif %}{{ message.content }}',
    })
    const finding = only(templateFindings(template), 'system-moved')
    expect(finding.severity).toBe('info')
    expect(finding.message).toMatch(/after the first user message/)
    expect(highlighted(finding)).toHaveLength(1)
    expect(finding.evidence.rendered.indexOf(highlighted(finding)[0] as string)).toBeGreaterThan(
      finding.evidence.rendered.indexOf('<|im_start|>user'),
    )
  })

  it('parallel-flattened: an error when the second call is dropped', () => {
    const template = cleanTemplateWith({ callsLoop: '{%- for call in (message.tool_calls or [])[:1] %}' })
    const finding = only(templateFindings(template), 'parallel-flattened')
    expect(finding.severity).toBe('error')
    expect(finding.message).toMatch(/second of two calls in one turn is dropped/)
    const [range] = finding.evidence.highlight ?? []
    expect(finding.evidence.rendered.slice(range?.start, range?.end)).toMatch(/^<\|im_start\|>assistant\n<tool_call>/)
  })

  it('parallel-flattened: a warning when two calls make the template fail', () => {
    const template = cleanTemplateWith({
      callsLoop:
        "{%- if (message.tool_calls or []) | length > 1 %}{{ raise_exception('One call at a time.') }}{% endif %}\n{%- for call in message.tool_calls or [] %}",
    })
    const finding = only(templateFindings(template), 'parallel-flattened')
    expect(finding.severity).toBe('warning')
    expect(finding.message).toMatch(/refuses two calls in one turn \(raised\): One call at a time/)
  })

  it("calls-not-rendered: a warning when an assistant turn's calls leave no trace", () => {
    const template = cleanTemplateWith({ callsLoop: '{%- for call in [] %}' })
    const finding = only(templateFindings(template), 'calls-not-rendered')
    expect(finding.severity).toBe('warning')
    expect(finding.message).toMatch(
      /renders no tool calls: a turn with a call of probe_tool_a adds "<\|im_start\|>assistant/,
    )
    expect(highlighted(finding)).toEqual(['<|im_start|>assistant\n<|im_end|>\n'])
  })

  it('tool-result-unattributed: calls carry ids, their results neither id nor name', () => {
    const template = cleanTemplateWith({ callOpen: '<tool_call>\n{"id": "{{ call.id }}", "name"' })
    const finding = only(templateFindings(template), 'tool-result-unattributed')
    expect(finding.severity).toBe('warning')
    expect(highlighted(finding)).toHaveLength(2)
  })

  it('tool-result-unattributed: not when the results carry their ids, nor when no call has one', () => {
    const attributed = cleanTemplateWith({
      callOpen: '<tool_call>\n{"id": "{{ call.id }}", "name"',
      toolResult: '<tool_response id="{{ message.tool_call_id }}">\n{{ message.content }}',
    })
    expect(templateFindings(attributed)).toEqual([])
    // The clean template writes no ids: results follow their calls in order, as Hermes has it.
    expect(ids(templateFindings(CLEAN_TEMPLATE))).not.toContain('tool-result-unattributed')
  })

  it('reasoning-kept: earlier turns keep their reasoning', () => {
    const template = cleanTemplateWith({
      assistantOpen:
        '<|im_start|>assistant\n{% if message.reasoning_content %}<think>{{ message.reasoning_content }}</think>\n{% endif %}{{ message.content }}',
    })
    const finding = only(templateFindings(template), 'reasoning-kept')
    expect(finding.severity).toBe('info')
    expect(highlighted(finding)).toHaveLength(1)
  })

  it('reasoning-dropped: reasoning rendered only after the last user message', () => {
    const template =
      LAST_USER_MESSAGE +
      cleanTemplateWith({
        assistantOpen:
          '<|im_start|>assistant\n{% if message.reasoning_content and loop.index0 > last_user.at %}<think>{{ message.reasoning_content }}</think>\n{% endif %}{{ message.content }}',
      })
    const finding = only(templateFindings(template), 'reasoning-dropped')
    expect(finding.severity).toBe('info')
    expect(finding.evidence.rendered).not.toMatch(/<think>/)
  })

  it('no-generation-prompt: add_generation_prompt adds nothing, though assistant turns have a header', () => {
    const finding = only(templateFindings(cleanTemplateWith({ generationPrompt: '' })), 'no-generation-prompt')
    expect(finding.severity).toBe('warning')
    expect(finding.message).toContain('"<|im_start|>assistant"')
  })

  it('render-failed: one finding when the template cannot render a user message with tools', () => {
    const finding = only(templateFindings(`{{ raise_exception('Nope.') }}${CLEAN_TEMPLATE}`), 'render-failed')
    expect(finding).toMatchObject({ severity: 'error', evidence: { rendered: '' } })
    expect(finding.message).toMatch(/raised.*Nope/)
    expect(ids(templateFindings('{% for %}'))).toEqual(['render-failed'])
  })

  it('reads calls with the format given, or with none', () => {
    const template = cleanTemplateWith({ callsLoop: '{%- for call in (message.tool_calls or [])[:1] %}' })
    expect(ids(templateFindings(template, { format: 'hermes' }))).toEqual(['parallel-flattened'])
    expect(ids(templateFindings(template, { format: null }))).toEqual(['parallel-flattened'])
  })

  it('keeps its ids, which the template lab and the CLI print', () => {
    expect(FINDING_IDS).toEqual([
      'tools-not-rendered',
      'string-arguments',
      'system-dropped',
      'system-moved',
      'parallel-flattened',
      'calls-not-rendered',
      'tool-result-unattributed',
      'reasoning-kept',
      'reasoning-dropped',
      'no-generation-prompt',
      'render-failed',
    ])
  })
})

describe('templateFindings on the vendored templates', () => {
  const texts = new Map<string, string>()
  beforeAll(async () => {
    for (const entry of VENDORED_TEMPLATES) texts.set(entry.id, await readVendoredTemplate(entry.id))
  })
  const findingsOf = (id: string) => {
    const entry = VENDORED_TEMPLATES.find((candidate) => candidate.id === id)
    return templateFindings(texts.get(id) ?? '', entry?.specialTokens ? { specialTokens: entry.specialTokens } : {})
  }

  it('gives every template well-formed findings, errors first', () => {
    const order = { error: 0, warning: 1, info: 2 }
    for (const entry of VENDORED_TEMPLATES) {
      const findings = findingsOf(entry.id)
      for (const finding of findings) {
        expect(FINDING_IDS, entry.id).toContain(finding.id)
        expect(finding.message, entry.id).not.toBe('')
        for (const { start, end } of finding.evidence.highlight ?? []) {
          expect(0 <= start && start < end && end <= finding.evidence.rendered.length, entry.id).toBe(true)
        }
      }
      const severities = findings.map((finding) => order[finding.severity])
      expect(severities, entry.id).toEqual([...severities].sort((a, b) => a - b))
      expect(new Set(ids(findings)).size, entry.id).toBe(findings.length)
    }
  })

  it("finds what is known of the models' templates", () => {
    const expected: [string, FindingId, RegExp][] = [
      ['llama-3.1-8b-instruct', 'parallel-flattened', /refuses two calls.*only supports single tool-calls/],
      ['gpt-oss-120b', 'parallel-flattened', /second of two calls in one turn is dropped/],
      ['mistral-nemo-instruct-2407', 'system-moved', /after the first user message/],
      ['qwen3-0.6b', 'reasoning-dropped', /drops the reasoning/],
      ['qwen2.5-7b-instruct', 'string-arguments', /double-encoded/],
      ['deepseek-r1-distill-qwen-32b', 'tools-not-rendered', /do not appear in the prompt/],
      ['vllm-glm4', 'system-dropped', /never sees it/],
      ['vllm-glm4', 'calls-not-rendered', /renders no tool calls/],
      ['lfm2-8b-a1b', 'calls-not-rendered', /renders no tool calls/],
      ['lfm2.5-instruct', 'calls-not-rendered', /renders no tool calls/],
      ['granite-3.3-2b-instruct', 'calls-not-rendered', /renders no tool calls/],
    ]
    for (const [id, finding, message] of expected) {
      const found = findingsOf(id).find((candidate) => candidate.id === finding)
      expect(found?.message, `${id}: ${finding}`).toMatch(message)
    }
  })
})
