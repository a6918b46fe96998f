/**
 * The scripted conversations of the mock server, one per model id. Each is a function of the
 * request and the round (assistant messages so far), so it can react to what the client sent.
 */
import { isFinalAnswerInstruction, renderVcpRequest, type ChatMessage } from '../../src/core'
import type { ChatRequestBody } from './server'
import { createEvalScenarios } from './eval-scenarios'
import { createDailyScenarios } from './daily-scenarios'

export interface ScriptedCall {
  id?: string
  name: string
  /** Sent verbatim, so a scenario can send broken JSON. */
  arguments: string
}

export type Turn =
  | {
      type: 'reply'
      content?: string
      toolCalls?: ScriptedCall[]
      /** 'awkward' (default) cuts the text into pieces of 1-13 characters. */
      chunking?: 'awkward' | 'whole'
      /** Pause after each event. */
      delayMs?: number
      /** 'done' (default) ends with `data: [DONE]`. */
      ending?: 'done' | 'no-done' | 'drop' | 'malformed'
    }
  | { type: 'status'; status: number; body: string }

export type Scenario = (body: ChatRequestBody, round: number) => Turn

const reply = (content: string, extra: Omit<Extract<Turn, { type: 'reply' }>, 'type' | 'content'> = {}): Turn => ({
  type: 'reply',
  content,
  ...extra,
})

const vcp = (toolName: string, args: Record<string, string>) => renderVcpRequest({ toolName, args })

function lastMessage(body: ChatRequestBody): ChatMessage | undefined {
  return body.messages[body.messages.length - 1]
}

/** The final answer quotes what the last tool result said, so a test can see it reached the model. */
function answerFromResults(body: ChatRequestBody): Turn {
  const results = body.messages.filter(
    (m) =>
      m.role === 'tool' || (m.role === 'user' && isToolResultText(m.content) && !isFinalAnswerInstruction(m.content)),
  )
  const last = results[results.length - 1]?.content ?? ''
  const quote = last.replace(/\s+/g, ' ').trim().slice(0, 400)
  return reply(`**Done.** The tool rounds are finished.\n\nThe last tool result I received: \`${quote}\``)
}

/** Tool results as each protocol and the semi-automatic mode send them back in a user message. */
function isToolResultText(content: string | null): boolean {
  if (typeof content !== 'string') return false
  return (
    ['<<<[TOOL_RESULT]>>>', '"tool_results"', '<tool_result>', '<tool_response>', '"tool_call_result"'].some((marker) =>
      content.includes(marker),
    ) || isFinalAnswerInstruction(content)
  )
}

function lastUserText(body: ChatRequestBody): string {
  const users = body.messages.filter((m) => m.role === 'user' && !isToolResultText(m.content))
  return users[users.length - 1]?.content ?? ''
}

const LONG_MARKDOWN = Array.from(
  { length: 84 },
  (_, i) =>
    `### Part ${i + 1}\n\nThe **cache** is rebuilt on every request, and the key ignores the agent id. ` +
    `Here is what changes in part ${i + 1}:\n\n- the key gains the agent id;\n- a registry change clears it;\n- \`limit\` stays as it was.\n\n` +
    '```ts\nconst key = `${registry.id}@${registry.version}:${agentId}`\n```\n\n' +
    '这一部分的结论和上一部分一致：缓存只在注册表变化时失效，其余情况直接复用。'.repeat(2) +
    '\n\n',
).join('')

export const scenarios: Record<string, Scenario> = {
  /** Says back what the user wrote. */
  echo: (body) => reply(`You said: ${lastUserText(body)}`),

  /** Two rounds of VCP calls, then an answer. Replies are cut inside markers. */
  'vcp-two-rounds': (body, round) => {
    if (round === 0) return reply(`Let me compute that first.\n\n${vcp('calc_evaluate', { expression: '6 * 7' })}\n`)
    if (round === 1) return reply(`Now the encoding.\n\n${vcp('text_base64Encode', { text: 'VCP Workbench' })}`)
    return answerFromResults(body)
  },

  /** A request block streamed slowly: its card shows and fills in while the reply arrives. */
  'vcp-slow-block': (body, round) => {
    if (round === 0)
      return reply(
        `Writing a note.\n\n${vcp('fs_write', { path: '/notes/slow.md', content: 'Line one.\nLine two.\nLine three.' })}\n`,
        { delayMs: 60 },
      )
    return answerFromResults(body)
  },

  /** A tool returns about 50,000 characters; the model reads on with the ReadVar request from the cut note. */
  'vcp-large-result': (body, round) => {
    if (round === 0) {
      const code = "Array.from({ length: 5000 }, (_, i) => 'row ' + String(i).padStart(5, '0')).join('\\n')"
      return reply(`Let me generate the table.\n${vcp('js_evaluate', { code })}`)
    }
    const last = lastMessage(body)?.content ?? ''
    if (round === 1) {
      const start = last.indexOf('<<<[TOOL_REQUEST]>>>')
      const end = last.indexOf('<<<[END_TOOL_REQUEST]>>>', start)
      if (start !== -1 && end !== -1)
        return reply(`The result was cut; reading on.\n${last.slice(start, end + '<<<[END_TOOL_REQUEST]>>>'.length)}`)
      return reply('The result was not cut, so there is nothing more to read.')
    }
    return answerFromResults(body)
  },

  /** The same with native `tool_calls`: two calls in the first round, their deltas interleaved. */
  'native-two-rounds': (body, round) => {
    if (round === 0) {
      return reply('', {
        toolCalls: [
          { id: 'call_calc', name: 'calc_evaluate', arguments: JSON.stringify({ expression: '6 * 7' }) },
          { id: 'call_b64', name: 'text_base64Encode', arguments: JSON.stringify({ text: 'VCP Workbench' }) },
        ],
      })
    }
    if (round === 1)
      return reply('One more check.', {
        toolCalls: [
          {
            id: 'call_diff',
            name: 'datetime_diff',
            arguments: JSON.stringify({ from: '2026-01-01', to: '2026-03-01', unit: 'days' }),
          },
        ],
      })
    return answerFromResults(body)
  },

  /** Native call with arguments that are not JSON; corrected once the error comes back. */
  'native-bad-json': (body, round) => {
    if (round === 0)
      return reply('', { toolCalls: [{ id: 'call_bad', name: 'calc_evaluate', arguments: '{"expression": "6 * 7"' }] })
    const last = lastMessage(body)
    if (round === 1 && last?.role === 'tool' && last.content?.includes('not valid JSON')) {
      return reply('Sorry, fixing the arguments.', {
        toolCalls: [{ id: 'call_fixed', name: 'calc_evaluate', arguments: '{"expression": "6 * 7"}' }],
      })
    }
    return answerFromResults(body)
  },

  /**
   * Native mode with the server's tool parser off: the model's Hermes markup arrives in `content`
   * and `tool_calls` stays empty. Once a tool result comes back, the answer quotes it.
   */
  'native-markup-in-content': (body, round) => {
    if (round === 0)
      return reply('<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "6*7"}}</tool_call>')
    return answerFromResults(body)
  },

  /** Requests a tool every round until told to answer without tools. */
  'vcp-loop': (body, round) => {
    if (isFinalAnswerInstruction(lastMessage(body)?.content ?? null))
      return reply('Final answer: I stopped calling tools at the round limit.')
    return reply(`Round ${round + 1}, one more calculation.\n${vcp('calc_evaluate', { expression: `${round} + 1` })}`)
  },

  /** A long reply streamed slowly (about 20 s), to abort mid-stream. */
  'slow-reply': () => reply('This reply streams slowly so it can be stopped half-way. '.repeat(40), { delayMs: 50 }),

  /**
   * For examples/embed-chat: a built-in tool, the sandbox (a Web Worker) and the example's own
   * tool (which asks for approval) in one round, then an answer quoting the results.
   */
  'embed-todo': (body, round) => {
    if (round === 0) {
      return reply(
        `Let me work that out and note it.\n${vcp('calc_evaluate', { expression: '6 * 7' })}\n${vcp('js_evaluate', { code: '[1, 2, 3].map((n) => n * 2).join("-")' })}\n${vcp('todo_add', { title: 'Buy 42 apples' })}`,
      )
    }
    const results = body.messages
      .filter((m) => m.role === 'user' && isToolResultText(m.content))
      .map((m) => m.content ?? '')
    return reply(`Done. What the tools said:\n\n${results.join('\n').replace(/\s+/g, ' ').slice(0, 1200)}`)
  },

  /** Calls the get-sum tool of an MCP server named "everything", then answers from its result. */
  'mcp-sum': (body, round) => {
    if (round === 0)
      return reply(`Let me add them with the MCP tool.\n${vcp('everything_get-sum', { a: '2', b: '40' })}`)
    return answerFromResults(body)
  },

  /** A request whose long content streams slowly: stopped half-way, the block is cut mid-value. */
  'slow-block': () =>
    reply(
      `Writing the notes now.\n${vcp('fs_write', { path: '/notes/long.md', content: 'A line of the long note.\n'.repeat(200) })}`,
      { delayMs: 30 },
    ),

  /** About 30,000 characters of Markdown (paragraphs, lists, code) in small pieces, 1 ms apart: how the page keeps up with a long answer. */
  'long-reply': () => reply(LONG_MARKDOWN, { delayMs: 1 }),

  /** A tool that never finishes on its own (the sandbox runs an endless loop). */
  'slow-tool': (body, round) => {
    if (round === 0)
      return reply(`Running a long job.\n${vcp('js_evaluate', { code: 'while (true) {}', timeoutMs: '20000' })}`)
    return answerFromResults(body)
  },

  /** HTML and script in a reply: must render as inert text. */
  'html-payload': () =>
    reply(
      [
        'Here is **bold** text and a list:',
        '',
        '- one',
        '- two',
        '',
        '<script>window.__xss = "script"</script>',
        '<img src="x" onerror="window.__xss = \'img\'">',
        '[click me](javascript:window.__xss=%22link%22)',
        '',
        '```html',
        '<b>code stays code</b>',
        '```',
      ].join('\n'),
    ),

  'http-401': () => ({
    type: 'status',
    status: 401,
    body: JSON.stringify({ error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } }),
  }),
  'http-429': () => ({
    type: 'status',
    status: 429,
    body: JSON.stringify({ error: { message: 'Rate limit reached for requests.', code: 'rate_limit_exceeded' } }),
  }),
  'http-500': () => ({
    type: 'status',
    status: 500,
    body: JSON.stringify({ error: { message: 'The model crashed.' } }),
  }),
  /** Good chunks, then an event whose JSON never ends. */
  'malformed-sse': () => reply('This reply will be followed by a broken event. '.repeat(3), { ending: 'malformed' }),
  /** The connection is cut half-way through the reply. */
  'drop-mid-stream': () =>
    reply('This reply is cut off half-way through by the server. '.repeat(3), { ending: 'drop' }),
  /** The stream ends without `data: [DONE]`. */
  'no-done': () => reply('This reply never says it is done.', { ending: 'no-done' }),
  ...createEvalScenarios(),
  ...createDailyScenarios(),
}
