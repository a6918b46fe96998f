/**
 * The tools every probe offers. Small on purpose, each shaped to exercise one part of the contract:
 * a nested object with an enum, a tool with no parameters, and non-ASCII text in a description and
 * in enum values.
 */

/** An OpenAI `tools` entry. */
export interface ConformanceTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

export const CONFORMANCE_TOOLS: readonly ConformanceTool[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Get the weather forecast for a place.',
      parameters: {
        type: 'object',
        properties: {
          // No required fields of its own: `{}` is a valid location.
          location: {
            type: 'object',
            properties: { city: { type: 'string' }, country: { type: 'string' } },
          },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          days: { type: 'integer' },
        },
        required: ['location', 'unit'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_time',
      description: 'Get the current time.',
      parameters: { type: 'object', properties: {} },
    },
  },
  {
    type: 'function',
    function: {
      name: 'translate_text',
      description: 'Übersetzt Text — 翻译文本 🌐',
      parameters: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          target: { type: 'string', enum: ['中文', '日本語', 'Español'] },
        },
        required: ['text', 'target'],
      },
    },
  },
]
