/** Parameter types as badges show them. */
export default {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  enum: 'enum',
  null: 'null',
  any: 'any',
  protocolLabels: { json: 'JSON tool_calls block', 'llama3-builtin': 'Llama 3.1 built-in' },
}
