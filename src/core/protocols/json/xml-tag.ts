/** XML tag: `<tool_code>{"name": ..., "arguments": {...}}</tool_code>` (JSON inside, so code in values stays intact). */
import { createJsonParadigm, jsonForTag, type CallToRender } from './paradigm'

function renderCall(call: CallToRender): string {
  const payload: Record<string, unknown> = { name: call.toolName, arguments: call.arguments }
  if (call.requestId !== undefined) payload.id = call.requestId
  return `<tool_code>\n${jsonForTag(payload, 2)}\n</tool_code>`
}

/** The `xml` protocol: one `<tool_code>` tag per call, results in `<tool_result>` tags. */
export const xmlProtocol = createJsonParadigm({
  id: 'xml',
  label: 'XML <tool_code>',
  grammar: { kind: 'tagged', openTag: '<tool_code>', closeTag: '</tool_code>' },
  renderCall,
  instructions: `You can call tools. For each call, write a tool_code tag holding a JSON object with the method's "name" and its "arguments" object, exactly like the examples below. The payload is JSON, not XML: code and markup in values stay as they are, inside JSON strings.
Several calls are several tags; they run in order. Results come back in tool_result tags; never write one yourself.`,
  renderResults: (records) => records.map((r) => `<tool_result>\n${jsonForTag(r, 2)}\n</tool_result>`).join('\n'),
})
