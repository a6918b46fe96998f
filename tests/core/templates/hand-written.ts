/**
 * Small hand-written chat templates for the template analysis tests: one ChatML template with
 * Hermes calls that does everything right, and the same with one thing changed.
 */

/** The tools as JSON, the system message first, arguments as given, Hermes calls, a generation prompt. */
export const CLEAN_TEMPLATE = `{%- if messages[0].role == 'system' %}{% set system = messages[0].content %}{% set messages = messages[1:] %}{% endif %}
{%- if system is defined or tools %}<|im_start|>system
{% if system is defined %}{{ system }}
{% endif %}
{%- if tools %}You may call these tools:
{% for tool in tools %}{{ tool | tojson }}
{% endfor %}Call one as <tool_call>{"name": ..., "arguments": {...}}</tool_call>.
{% endif %}<|im_end|>
{% endif %}
{%- for message in messages %}
{%- if message.role == 'assistant' %}<|im_start|>assistant
{{ message.content }}
{%- for call in message.tool_calls or [] %}
<tool_call>
{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments if call.function.arguments is string else call.function.arguments | tojson }}}
</tool_call>
{%- endfor %}<|im_end|>
{% elif message.role == 'tool' %}<|im_start|>user
<tool_response>
{{ message.content }}
</tool_response><|im_end|>
{% else %}<|im_start|>{{ message.role }}
{{ message.content }}<|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif %}`

/** The pieces of CLEAN_TEMPLATE the tests change. */
export const PIECES = {
  tools: '{% for tool in tools %}{{ tool | tojson }}\n{% endfor %}',
  system: '{% if system is defined %}{{ system }}\n{% endif %}',
  arguments: '{{ call.function.arguments if call.function.arguments is string else call.function.arguments | tojson }}',
  callsLoop: '{%- for call in message.tool_calls or [] %}',
  call: `<tool_call>
{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments if call.function.arguments is string else call.function.arguments | tojson }}}
</tool_call>`,
  callOpen: '<tool_call>\n{"name"',
  assistantOpen: '<|im_start|>assistant\n{{ message.content }}',
  toolResult: '<tool_response>\n{{ message.content }}',
  otherMessage: '<|im_start|>{{ message.role }}\n{{ message.content }}',
  generationPrompt: '{%- if add_generation_prompt %}<|im_start|>assistant\n{% endif %}',
} as const

/** CLEAN_TEMPLATE with pieces replaced; throws when a piece is not in it (the tests would prove nothing). */
export function cleanTemplateWith(changes: Partial<Record<keyof typeof PIECES, string>>): string {
  let template = CLEAN_TEMPLATE
  for (const [name, replacement] of Object.entries(changes)) {
    const piece = PIECES[name as keyof typeof PIECES]
    if (!template.includes(piece)) throw new Error(`The clean template has no piece ${name}`)
    template = template.replace(piece, replacement)
  }
  return template
}
