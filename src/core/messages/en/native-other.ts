/**
 * Messages of the token-delimited native formats (Mistral, DeepSeek V3 / V3.1, Kimi K2, gpt-oss
 * Harmony, Functionary v3.2), in English. `native.token.*` are the findings several of these
 * formats share.
 */
export const nativeOtherEn = {
  'native.token.runs-to-text-end': 'it runs to the end of the text',
  'native.token.another-section-opens': 'another section opens before it closes',
  'native.token.section-unclosed': 'the {opener} section is never closed with {closer}; {where}.',
  'native.token.text-outside-calls': 'text inside the tool-call section but outside any {opener} was ignored.',
  'native.token.call-unclosed': 'the call is never closed with {closer}; it runs to the end of its section.',
  'native.token.no-separator': 'the call {call} has no {separator} and no arguments.',
  'native.token.arguments-unclosed': 'the arguments of {name} never close; they run to {runs}.',

  'native.mistral.no-tool-name': '{marker} is not followed by a tool name.',
  'native.mistral.arguments-not-object': 'the call of {name} has no JSON object of arguments; found {found}.',
  'native.mistral.no-arguments': 'the call of {name} has no arguments.',
  'native.mistral.what-payload': 'the {marker} payload',
  'native.mistral.what-array-call': 'a call in the {marker} array',
  'native.mistral.payload-unclosed': 'the {marker} payload never closes; it runs to the end of the text.',
  'native.mistral.call-cut-off': 'the call is cut off by the end of the {marker} array.',
  'native.mistral.array-unclosed': 'the {marker} array never closes with ]; it runs to {runs}.',
  'native.mistral.unusual-id': "the call id {id} is not nine letters and digits, as {model}'s ids are.",

  'native.deepseek.no-name-before-separator': 'the call has no tool name before {separator}.',
  'native.deepseek.unexpected-type': 'the call type is {type}; {model} writes `function` before {separator}.',
  'native.deepseek.no-name-after-separator': 'the call has no tool name after {separator}.',
  'native.deepseek.no-arguments-after-name': 'the call of {name} has no arguments after its name.',
  'native.deepseek.fence-language': "the arguments' fence is ```{language}; {model} writes ```json.",
  'native.deepseek.no-fence': 'the arguments are not in a ```json fence; they were read as they are.',
  'native.deepseek.fence-unclosed': "the arguments' ```json fence is never closed before {closer}.",
  'native.deepseek.missing-call-begin': 'the call has no {opener} before its name; it was read as a call.',

  'native.kimi.no-call-id': 'the call has no `functions.NAME:INDEX` before its arguments.',

  'native.harmony.call-in-analysis':
    "this call is written in the analysis channel (the model's reasoning); function calls belong in commentary.",
  'native.harmony.builtin-tool':
    'the message goes to {recipient}, a built-in tool of {model}, not to a `functions.` tool.',
  'native.harmony.no-tool-name': 'the recipient {recipient} names no tool.',
  'native.harmony.call-unclosed': 'the call to {recipient} is never closed with {closer}; {why} first.',
  'native.harmony.next-message-begins': 'the next message begins',
  'native.harmony.text-ends': 'the text ends',
  'native.harmony.call-end-token': 'the call to {recipient} ends with {token}; a call message ends with {closer}.',
  'native.harmony.header-cut': "the call's header is cut off before {marker}.",
  'native.harmony.no-message': 'the call of {recipient} has no {marker} and no arguments.',

  'native.functionary.cut-after-name': 'the call of {name} is cut off after its name.',
  'native.functionary.no-arguments': 'the call of {name} has no JSON object of arguments on the line after its name.',
  'native.functionary.no-arguments-found':
    'the call of {name} has no JSON object of arguments on the line after its name; found {found}.',
} as const
