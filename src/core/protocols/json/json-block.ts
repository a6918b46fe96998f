/** JSON block: `{"tool_calls": [...]}` in the reply, bare or in a ```json fence, with OpenAI-shaped or flat calls. */
import { createJsonParadigm, type CallToRender } from './paradigm'

function renderCall(call: CallToRender): string {
  const entry: Record<string, unknown> = {}
  if (call.requestId !== undefined) entry.id = call.requestId
  entry.type = 'function'
  entry.function = { name: call.toolName, arguments: call.arguments }
  return '```json\n' + JSON.stringify({ tool_calls: [entry] }, null, 2) + '\n```'
}

/** The `json` protocol: calls in one `{"tool_calls": [...]}` object, results in a `tool_results` block. */
export const jsonBlockProtocol = createJsonParadigm({
  id: 'json',
  label: 'JSON tool_calls block',
  grammar: { kind: 'json-object' },
  renderCall,
  instructions: `You can call tools. To call methods, write one JSON object whose first key is "tool_calls", in a \`\`\`json code block, exactly like the examples below. Each entry names the method in "function"."name" and gives "function"."arguments" as a JSON object. Several entries run in order.
Results come back as a "tool_results" JSON block; never write one yourself.`,
  renderResults: (records) => '```json\n' + JSON.stringify({ tool_results: records }, null, 2) + '\n```',
})
