/**
 * Conversations to render a chat template with: one call, parallel calls with their results, a
 * multi-turn exchange with reasoning, and a long one (30 tools, 20 turns) to see a template at size.
 * Each comes with the tools its calls use, as OpenAI definitions.
 */

/** One sample: the i18n key of its name, its messages and its tools. */
export interface SampleConversation {
  key: string
  messages: unknown[]
  tools: unknown[]
}

function tool(name: string, description: string, properties: Record<string, unknown>, required: string[]): unknown {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required } } }
}

const WEATHER = tool(
  'get_weather',
  'Current weather for a city.',
  {
    city: { type: 'string', description: 'City name' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
  },
  ['city'],
)
const SEARCH = tool(
  'search_web',
  'Searches the web and returns the top results.',
  {
    query: { type: 'string', description: 'Search terms' },
    limit: { type: 'integer', description: 'At most this many results' },
  },
  ['query'],
)

function call(id: string, name: string, args: Record<string, unknown>): unknown {
  return { id, type: 'function', function: { name, arguments: args } }
}

const ONE_CALL: SampleConversation = {
  key: 'templateLab.samples.oneCall',
  tools: [WEATHER],
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'What is the weather in Paris?' },
    {
      role: 'assistant',
      content: '',
      tool_calls: [call('call00001', 'get_weather', { city: 'Paris', unit: 'celsius' })],
    },
    { role: 'tool', tool_call_id: 'call00001', name: 'get_weather', content: '{"temperature": 18, "sky": "cloudy"}' },
    { role: 'assistant', content: 'It is 18 °C and cloudy in Paris.' },
  ],
}

const PARALLEL: SampleConversation = {
  key: 'templateLab.samples.parallel',
  tools: [WEATHER, SEARCH],
  messages: [
    { role: 'user', content: 'Weather in Paris and Tokyo, and any news about the Seine?' },
    {
      role: 'assistant',
      content: '',
      tool_calls: [
        call('call00001', 'get_weather', { city: 'Paris' }),
        call('call00002', 'get_weather', { city: 'Tokyo' }),
        call('call00003', 'search_web', { query: 'Seine news', limit: 3 }),
      ],
    },
    { role: 'tool', tool_call_id: 'call00001', name: 'get_weather', content: '{"temperature": 18}' },
    { role: 'tool', tool_call_id: 'call00002', name: 'get_weather', content: '{"temperature": 24}' },
    { role: 'tool', tool_call_id: 'call00003', name: 'search_web', content: '["The Seine is open for swimming"]' },
    { role: 'assistant', content: 'Paris 18 °C, Tokyo 24 °C; the Seine is open for swimming.' },
  ],
}

const REASONING: SampleConversation = {
  key: 'templateLab.samples.reasoning',
  tools: [WEATHER, SEARCH],
  messages: [
    { role: 'system', content: 'Think before you answer.' },
    { role: 'user', content: 'Should I take an umbrella in London?' },
    {
      role: 'assistant',
      reasoning_content: 'I need the weather in London first.',
      content: '',
      tool_calls: [call('call00001', 'get_weather', { city: 'London' })],
    },
    { role: 'tool', tool_call_id: 'call00001', name: 'get_weather', content: '{"rain": "80%"}' },
    {
      role: 'assistant',
      reasoning_content: 'Rain is likely at 80%.',
      content: 'Yes: rain is likely (80%).',
    },
    { role: 'user', content: 'And tomorrow?' },
    {
      role: 'assistant',
      reasoning_content: 'The tool only knows today; a search may help.',
      content: '',
      tool_calls: [call('call00002', 'search_web', { query: 'London weather tomorrow' })],
    },
    { role: 'tool', tool_call_id: 'call00002', name: 'search_web', content: '["Dry and sunny tomorrow"]' },
  ],
}

function longTool(n: number): unknown {
  return tool(
    `tool_${n}`,
    `Tool number ${n}: looks things up in source ${n} and returns what it finds, with sources.`,
    {
      query: { type: 'string', description: 'What to look for' },
      limit: { type: 'integer', description: 'At most this many results', minimum: 1, maximum: 50 },
      mode: { type: 'string', enum: ['fast', 'thorough', 'exact'], description: 'How hard to look' },
      filters: { type: 'array', items: { type: 'string' }, description: 'Tags the results must carry' },
      strict: { type: 'boolean', description: 'Only exact matches' },
    },
    ['query'],
  )
}

/**
 * 30 tools, and 20 turns of a question, a call, its result and an answer: also the conversation
 * scripts/bench-template.ts times and the render-cost tests size the step budget by.
 */
function longConversation(): SampleConversation {
  const messages: unknown[] = [{ role: 'system', content: 'You are a careful research assistant. Cite sources.' }]
  for (let turn = 0; turn < 20; turn++) {
    const id = `call${String(turn).padStart(5, '0')}`
    messages.push(
      { role: 'user', content: `Question ${turn}: what does source ${turn % 30} say about topic ${turn}?` },
      {
        role: 'assistant',
        content: '',
        tool_calls: [call(id, `tool_${turn % 30}`, { query: `topic ${turn}`, limit: 5, mode: 'fast' })],
      },
      {
        role: 'tool',
        tool_call_id: id,
        content: JSON.stringify({ results: [`finding ${turn}a`, `finding ${turn}b`] }),
      },
      { role: 'assistant', content: `Source ${turn % 30} says findings ${turn}a and ${turn}b about topic ${turn}.` },
    )
  }
  messages.push({ role: 'user', content: 'Summarise everything in one paragraph.' })
  return {
    key: 'templateLab.samples.long',
    messages,
    tools: Array.from({ length: 30 }, (_, n) => longTool(n)),
  }
}

export const LONG_CONVERSATION: SampleConversation = longConversation()

export const SAMPLE_CONVERSATIONS: readonly SampleConversation[] = [ONE_CALL, PARALLEL, REASONING, LONG_CONVERSATION]

/** JSON as the editors show it. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
}
