/** Hermes / Qwen style: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`, results in `<tool_response>`. */
import { createJsonParadigm, jsonForTag, type CallToRender } from './paradigm'

function renderCall(call: CallToRender): string {
  const payload: Record<string, unknown> = { name: call.toolName, arguments: call.arguments }
  if (call.requestId !== undefined) payload.id = call.requestId
  return `<tool_call>\n${jsonForTag(payload)}\n</tool_call>`
}

/** The `hermes` protocol: one `<tool_call>` tag per call, results in `<tool_response>` tags. */
export const hermesProtocol = createJsonParadigm({
  id: 'hermes',
  label: 'Hermes <tool_call>',
  grammar: { kind: 'tagged', openTag: '<tool_call>', closeTag: '</tool_call>' },
  renderCall,
  // The instructions never write the tag itself: every call in the prompt is a method's example.
  instructions: `You can call tools. For each call, write a tool_call tag holding one JSON object with the method's "name" and its "arguments" object, exactly like the examples below.
Several calls are several tags; they run in order. Arguments keep their JSON types. Results come back in tool_response tags; never write one yourself.`,
  renderResults: (records) => records.map((r) => `<tool_response>\n${jsonForTag(r)}\n</tool_response>`).join('\n'),
})
