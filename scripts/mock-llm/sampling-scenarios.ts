/**
 * Scripted models that answer an MCP server's sampling request: they quote what they were sent, so
 * a test can see the server's prompt (or the person's edit) reached the model and the reply came back.
 */
import type { ChatRequestBody } from './server'
import type { Scenario } from './scenarios'

/** The text of a message's content, whether a string or a list of parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((part: unknown) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
    .filter(Boolean)
    .join(' ')
}

function lastUserText(body: ChatRequestBody): string {
  const users = body.messages.filter((message) => message.role === 'user')
  return textOf(users[users.length - 1]?.content)
}

/** The scenarios, by model id. */
export const samplingScenarios: Record<string, Scenario> = {
  /** "Mock model read: <the last user text>". */
  'sampling-echo': (body) => ({ type: 'reply', content: `Mock model read: ${lastUserText(body)}` }),
  /** Writes past its stop sequence "STOP", as an endpoint that ignores `stop` does. */
  'sampling-no-stop': () => ({ type: 'reply', content: 'one two STOP three' }),
  /** A long reply in small pieces, slowly: time to stop it halfway. */
  'sampling-slow': () => ({ type: 'reply', content: 'slow '.repeat(200), delayMs: 20 }),
  /** Always 401, as an endpoint given the wrong key. */
  'sampling-unauthorized': () => ({
    type: 'status',
    status: 401,
    body: JSON.stringify({ error: { message: 'Incorrect API key provided.' } }),
  }),
}
