/** Hand-written fixtures for the json, xml and hermes paradigms: real-looking output, every repair, every error. */
import { describe, expect, it } from 'vitest'
import {
  parseToolRequests,
  protocolRegistry,
  routingName,
  type ParseResult,
  type ToolExecutionResult,
} from '../../../../src/core'
import { createBuiltinTools, createMemoryFileStore } from '../../../../src/tools'
import { createNodeSandboxRunner } from '../../../../src/tools/node'

const codes = (result: ParseResult) => result.diagnostics.map((d) => d.code)
const calls = (result: ParseResult) => result.requests.map((r) => [r.requestId, r.toolName, r.arguments, r.valid])

describe('hermes (<tool_call>)', () => {
  it('reads a real-looking reply: reasoning, prose, several calls, typed arguments', () => {
    const reply = `<think>
The user wants the file and a sum. I could call <tool_call>{"name": "fs_wipe", "arguments": {}}</tool_call> but should not.
</think>
I'll read the file and compute the total.
<tool_call>
{"name": "fs_read", "arguments": {"path": "/notes/today.md"}}
</tool_call>
<tool_call>
{"name": "calc_evaluate", "arguments": {"expression": "2 * (3 + 4)", "precision": 3}}
</tool_call>`
    const result = parseToolRequests(reply, 'hermes')
    expect(calls(result)).toEqual([
      ['req-2', 'fs_read', { path: '/notes/today.md' }, true],
      ['req-3', 'calc_evaluate', { expression: '2 * (3 + 4)', precision: 3 }, true],
    ])
    expect(result.requests[1]?.args).toEqual({ expression: '2 * (3 + 4)', precision: '3' })
    expect(result.diagnostics).toMatchObject([{ code: 'request-in-reasoning', line: 2, severity: 'warning' }])
    expect(parseToolRequests(reply, 'hermes', { reasoning: 'include' }).requests.map((r) => r.toolName)).toEqual([
      'fs_wipe',
      'fs_read',
      'calc_evaluate',
    ])
  })

  it('tolerates a missing closing tag at the end of the text, with a warning', () => {
    const result = parseToolRequests('Calling now.\n<tool_call>\n{"name": "datetime_now", "arguments": {}}', 'hermes')
    expect(calls(result)).toEqual([['req-1', 'datetime_now', {}, true]])
    expect(result.diagnostics).toMatchObject([{ code: 'missing-closing-tag', severity: 'warning', line: 3 }])
  })

  it('an unrepairable payload is an error with line and column in the text and in the payload', () => {
    const text = 'x\n<tool_call>\n{"name": "a_b",\n "arguments": {"n": 1 2}}\n</tool_call>'
    const result = parseToolRequests(text, 'hermes')
    expect(result.requests).toMatchObject([{ toolName: '', valid: false }])
    expect(result.diagnostics).toMatchObject([
      {
        severity: 'error',
        code: 'invalid-json',
        messageId: 'json.invalid-json',
        message:
          'The <tool_call> payload is not valid JSON: "," or "}" was expected in an object, found "2" (line 3, column 23 of the payload).',
        offset: text.indexOf('2}}'),
        length: 1,
        line: 4,
        column: 23,
      },
    ])
  })

  it('a payload holding an array is several calls; a value holding the closing tag survives when escaped', () => {
    const text = '<tool_call>[{"name": "a_b", "arguments": {"html": "<\\/tool_call>"}}, {"name": "c_d"}]</tool_call>'
    const result = parseToolRequests(text, 'hermes')
    expect(calls(result)).toEqual([
      ['req-1', 'a_b', { html: '</tool_call>' }, true],
      ['req-2', 'c_d', {}, true],
    ])
  })

  it('names what is wrong with a call', () => {
    const result = parseToolRequests(
      '<tool_call>{"arguments": {}}</tool_call><tool_call>{"name": "", "arguments": {}}</tool_call><tool_call>{"name": "a", "arguments": [1]}</tool_call><tool_call>7</tool_call><tool_call>{"name": "a", "arguments": "{bad"}</tool_call>',
      'hermes',
    )
    expect(result.requests.map((r) => r.valid)).toEqual([false, false, false, false, false])
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      'missing-tool-name: The call has no "name" naming the tool to call.',
      'empty-tool-name: The call\'s "name" is empty.',
      'invalid-arguments: The arguments must be a JSON object of named values; found an array.',
      'invalid-call: A tool call must be a JSON object with a name and arguments; found number 7.',
      'arguments-as-string: The arguments were given as a JSON string; they were read as the object it holds.',
      'invalid-arguments: The arguments string is not valid JSON: ":" was expected after the key "bad", found the end of the payload (line 1, column 5 of the arguments string).',
    ])
  })
})

describe('xml (<tool_code>)', () => {
  it('reads calls with code inside JSON strings, and repairs what models get wrong', () => {
    const reply = `Let me run it.
<tool_code>
{
  'name': 'js_evaluate',
  arguments: {"code": "if (a < b && c > d) {\n  return '</b>'\n}", "timeoutMs": 500,},
}
</tool_code>`
    const result = parseToolRequests(reply, 'xml')
    expect(calls(result)).toEqual([
      ['req-1', 'js_evaluate', { code: "if (a < b && c > d) {\n  return '</b>'\n}", timeoutMs: 500 }, true],
    ])
    expect(codes(result)).toEqual([
      'single-quotes',
      'unquoted-key',
      'unescaped-control-character',
      'trailing-comma',
      'trailing-comma',
    ])
  })

  it('flat calls may say "parameters" and give them as a string', () => {
    const result = parseToolRequests(
      '<tool_code>{"name": "a_b", "parameters": "{\\"x\\": true}", "id": "mine"}</tool_code>',
      'xml',
    )
    expect(calls(result)).toEqual([['mine', 'a_b', { x: true }, true]])
    expect(codes(result)).toEqual(['arguments-as-string'])
  })
})

describe('json (tool_calls block)', () => {
  it('reads OpenAI-shaped calls in a json fence, string arguments without a warning', () => {
    const reply = `I need two things.
\`\`\`json
{
  "tool_calls": [
    {"id": "call_a1", "type": "function", "function": {"name": "fs_tree", "arguments": "{\\"path\\": \\"/\\", \\"depth\\": 2}"}},
    {"id": "call_a2", "type": "function", "function": {"name": "datetime_now", "arguments": {"timeZone": "Asia/Shanghai"}}}
  ]
}
\`\`\`
Then I will summarise.`
    const result = parseToolRequests(reply, 'json')
    expect(calls(result)).toEqual([
      ['call_a1', 'fs_tree', { path: '/', depth: 2 }, true],
      ['call_a2', 'datetime_now', { timeZone: 'Asia/Shanghai' }, true],
    ])
    expect(result.requests.every((r) => r.fenced)).toBe(true)
    expect(result.diagnostics).toEqual([])
    expect(reply.slice(result.requests[1]!.start, result.requests[1]!.end)).toMatch(/^\{"id": "call_a2".*\}$/)
  })

  it('reads a bare block with flat calls; repairs and the fence language are warned about', () => {
    expect(codes(parseToolRequests('{"tool_calls": [{"name": "a_b", "arguments": {"x": None}}]}', 'json'))).toEqual([
      'python-literal',
    ])
    expect(codes(parseToolRequests('```\n{"tool_calls": [{"name": "a_b"}]}\n```', 'json'))).toEqual(['fence-language'])
    const wrong = parseToolRequests('```python\n{"tool_calls": [{"name": "a_b"}]}\n```', 'json')
    expect(wrong.diagnostics[0]?.message).toBe(
      'The tool_calls JSON is in a code fence marked "python"; it was read as JSON.',
    )
    expect(codes(parseToolRequests('{"tool_calls": {"name": "a_b"}}', 'json'))).toEqual(['tool-calls-not-array'])
    // One single-quotes warning per call, however many strings use them; it counts them.
    const quoted = parseToolRequests("{'tool_calls': [{'name': 'a_b'}]}", 'json')
    expect(codes(quoted)).toEqual(['single-quotes'])
    expect(quoted.diagnostics[0]?.message).toBe(
      '3 strings in single quotes were read as JSON strings (the first here).',
    )
  })

  it('an object that never closes is an error at the end of the text', () => {
    const result = parseToolRequests('Calling:\n{"tool_calls": [{"name": "a_b", "arguments": {}}', 'json')
    expect(result.requests).toMatchObject([{ valid: false }])
    expect(result.diagnostics).toMatchObject([{ code: 'invalid-json', line: 2, column: 49, severity: 'error' }])
  })

  it('ignores prose braces and other JSON; skips fenced calls on request', () => {
    const text = 'Use {curly} braces and {"other": 1}.\n```json\n{"tool_calls": [{"name": "a_b"}]}\n```'
    expect(parseToolRequests(text, 'json').requests).toHaveLength(1)
    const skipped = parseToolRequests(text, 'json', { fencedBlocks: 'skip' })
    expect(skipped.requests).toEqual([])
    expect(codes(skipped)).toEqual(['fenced-block-skipped'])
  })

  it('ids repeat across calls only once: the second is renamed with a warning', () => {
    const result = parseToolRequests(
      '{"tool_calls": [{"id": "c1", "name": "a_b"}, {"id": "c1", "name": "a_b"}]}',
      'json',
    )
    expect(result.requests.map((r) => r.requestId)).toEqual(['c1', 'c1-1'])
    expect(codes(result)).toEqual(['duplicate-request-id'])
  })
})

describe('registration', () => {
  it('every paradigm is registered by id', () => {
    expect(protocolRegistry.list().map((p) => p.id)).toEqual(['vcp', 'json', 'xml', 'hermes'])
  })
})

describe.each(['json', 'xml', 'hermes'])('%s definitions and results', (id) => {
  const protocol = protocolRegistry.require(id)
  const tools = createBuiltinTools({ files: createMemoryFileStore(), sandbox: createNodeSandboxRunner() })
  const input = tools.map((tool) => ({ toolId: tool.id, toolName: tool.name, methods: tool.getMetadata().methods }))

  it('the prompt teaches the format: every example parses back to its method with no diagnostics', () => {
    const prompt = protocol.generateToolDefinitions(input)
    const { requests, diagnostics } = parseToolRequests(prompt, id)
    expect(diagnostics).toEqual([])
    expect(requests.map((r) => r.toolName)).toEqual(
      input.flatMap((t) => t.methods.map((m) => routingName(t.toolId, m.name))),
    )
    expect(requests.every((r) => r.valid)).toBe(true)
    expect(prompt).toContain('"type":"object"')
  })

  it('results are JSON the model can read, cut head and tail when long', () => {
    const results: ToolExecutionResult[] = [
      {
        requestId: 'c1',
        toolName: 'calc_evaluate',
        status: 'success',
        result: '</tool_call></tool_code> 42',
        durationMs: 3.4,
      },
      { requestId: 'c2', toolName: 'fs_read', status: 'error', result: 'x'.repeat(100), durationMs: 1 },
    ]
    const text = protocol.formatToolResults(results, { maxResultChars: 40 })
    const payloads =
      id === 'json'
        ? [text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)]
        : text
            .split(/<\/?tool_(?:response|result)>/)
            .map((p) => p.trim())
            .filter(Boolean)
    const records = payloads.flatMap((p) => {
      const value = JSON.parse(p) as { tool_results?: unknown[] }
      return value.tool_results ?? [value]
    })
    expect(records).toMatchObject([
      { id: 'c1', name: 'calc_evaluate', status: 'success', duration_ms: 3, content: '</tool_call></tool_code> 42' },
      {
        id: 'c2',
        name: 'fs_read',
        status: 'error',
        truncated: 'kept 40 of 100 characters (head and tail); 60 omitted from the middle',
      },
    ])
    // Results never read as new calls.
    expect(parseToolRequests(text, id).requests).toEqual([])
  })

  it('a cut the executor made is stated; by default nothing is cut again', () => {
    const cut: ToolExecutionResult = {
      requestId: 'c3',
      toolName: 'fs_read',
      status: 'success',
      result: 'y'.repeat(9000),
      durationMs: 1,
      truncation: { keptChars: 8000, totalChars: 50_000, resumeAt: 4000, variable: 'fs_read/c3/result' },
    }
    const text = protocol.formatToolResults([cut])
    expect(text).toContain('kept 8000 of 50000 characters; all of it is in variable \\"fs_read/c3/result\\"')
    expect(text).toContain('y'.repeat(9000))
  })
})

describe.each([
  ['hermes', (call: string) => `Calling.\n<tool_call>\n${call}\n</tool_call>`],
  ['xml', (call: string) => `Calling.\n<tool_code>\n${call}\n</tool_code>`],
  ['json', (call: string) => `Calling.\n{"tool_calls": [\n${call}\n]}`],
] as const)('%s: every repair and the unrecoverable payload', (id, wrap) => {
  it.each([
    ['trailing-comma', '{"name": "a_b", "arguments": {"x": 1,}}', { x: 1 }],
    ['single-quotes', "{'name': 'a_b', 'arguments': {'x': 'it\\'s'}}", { x: "it's" }],
    ['unquoted-key', '{name: "a_b", arguments: {x: 1}}', { x: 1 }],
    ['python-literal', '{"name": "a_b", "arguments": {"x": True, "y": None}}', { x: true, y: null }],
    ['unescaped-control-character', '{"name": "a_b", "arguments": {"x": "two\nlines"}}', { x: 'two\nlines' }],
    ['arguments-as-string', '{"name": "a_b", "arguments": "{\\"x\\": 1}"}', { x: 1 }],
  ])('%s', (code, call, args) => {
    const result = parseToolRequests(wrap(call), id)
    expect(result.requests).toMatchObject([{ toolName: 'a_b', arguments: args, valid: true }])
    expect(result.diagnostics.length).toBeGreaterThan(0)
    expect(result.diagnostics.every((d) => d.code === code && d.severity === 'warning')).toBe(true)
    expect(result.diagnostics[0]?.line).toBe(3)
  })

  it('an unrecoverable payload is an error with line and column', () => {
    const result = parseToolRequests(wrap('{"name": "a_b", "arguments": {"x": @}}'), id)
    expect(result.requests).toMatchObject([{ valid: false }])
    expect(result.diagnostics).toMatchObject([{ severity: 'error', code: 'invalid-json', line: 3, column: 36 }])
    expect(result.diagnostics[0]?.message).toContain('a value was expected, found "@"')
  })
})
