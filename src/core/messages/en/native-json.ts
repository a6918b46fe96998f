/**
 * Messages of the native formats that carry their calls as JSON (tagged and bare JSON, Functionary
 * v3.1, and the JSON pieces every format shares), in English. `native.json.what.*` names a payload
 * inside another message; `native.json.to.*` says where an unclosed block runs to (token formats
 * use it too); `native.json.lower.*` are the shared JSON call reader's messages with a lowercase
 * first letter, as the bare JSON formats show them.
 */
export const nativeJsonEn = {
  'native.json.what.arguments': 'the arguments',
  'native.json.what.call-list': 'the call list',
  'native.json.what.list': 'the {name} list',
  'native.json.what.json': 'the {name} JSON',
  'native.json.what.action-json': 'the {name} action JSON',
  'native.json.what.call': 'the {name} call',
  'native.json.what.model-call-list': 'the {model} call list',
  'native.json.what.function-call-json': 'the function call JSON',
  'native.json.to.text-end': 'the end of the text',
  'native.json.to.next': 'the next {marker}',

  'native.json.payload-invalid': '{what} is not valid JSON: {problem}.',
  'native.json.holds-no-calls': '{what} holds no calls.',
  'native.json.arguments-invalid': '{what} are not valid JSON: {problem}.',
  'native.json.arguments-as-string': '{what} were written as a JSON string; they were read as the object it holds.',
  'native.json.arguments-not-object': '{what} must be a JSON object of named values.',

  'native.json.object-unclosed': "the call's JSON object is never closed; the text ends inside it.",
  'native.json.object-cut-off': 'the call cannot be read: its JSON object is cut off.',
  'native.json.call-invalid': 'the call is not valid JSON: {problem}.',
  'native.json.list-unclosed': '{what} is never closed with "]"; the text ends inside it.',
  'native.json.list-holds-non-call':
    '{what} must hold call objects `{{"name": ..., "arguments": {{...}}}}`; found {found}.',
  'native.json.list-separator-expected': '"," or "]" was expected after a call in {what}, found {found}.',

  'native.json.object-cut-by-next-call':
    'the call cannot be read: its JSON object is not closed before the next <function_call>.',
  'native.json.text-before-next-call': 'text between a call and the next <function_call> was ignored.',
  'native.json.ends-after-function-call': 'the text ends right after <function_call>.',
  'native.json.function-call-without-object': '<function_call> is followed by no JSON object naming the tool.',
  'native.json.function-call-not-object':
    '<function_call> must be followed by one JSON object {{"name": ..., "arguments": {{...}}}}; found {found}.',

  'native.json.function-name-cut': 'the text ends inside `<function=NAME>` before its `>`.',
  'native.json.function-unclosed': '<function={name}> is never closed with </function>; it runs to {runs}.',

  'native.json.object-read-to-arguments':
    '{what} is never closed with "}}"; it was read up to the end of its arguments.',
  'native.json.object-cut-in-arguments': '{what} is cut off before its arguments end; they cannot be read.',
  'native.json.object-no-name': '{what} has no "name" naming the tool to call.',
  'native.json.array-unclosed': 'the list of calls is never closed with "]".',
  'native.json.array-holds-non-call':
    'each element of {what} must be a call object {{"name": ..., "arguments": {{...}}}}; the rest of the list was not read.',
  'native.json.array-trailing-comma': 'a trailing comma after the last call was ignored.',
  'native.json.array-separator-expected':
    '"," or "]" was expected after a call in {what}; the rest of the list was not read.',

  'native.json.text-after-calls': 'text after the calls in {what} was ignored.',
  'native.json.block-holds-no-call': '{opener}{closer} holds no call.',
  'native.json.block-not-object':
    '{what} must be a JSON object {{"name": ..., "arguments": {{...}}}}; found {found}, which was not read as a call.',
  'native.json.opener-at-end': '{opener} at the end of the text is followed by no call.',
  'native.json.block-unclosed': '{opener} is never closed with {closer}; it runs to {runs}.',
  'native.json.opener-list-unclosed': 'the list of calls after {opener} is never closed with "]"; it runs to {runs}.',

  'native.json.lower.call-not-object': 'a tool call must be a JSON object with a name and arguments; found {found}.',
  'native.json.lower.function-without-name': 'the call\'s "function" has no "name".',
  'native.json.lower.call-without-name': 'the call has no "name" naming the tool to call.',
  'native.json.lower.name-not-string': 'the call\'s "name" must be a string; found {found}.',
  'native.json.lower.empty-name': 'the call\'s "name" is empty.',
  'native.json.lower.arguments-as-string':
    'the arguments were given as a JSON string; they were read as the object it holds.',
  'native.json.lower.arguments-not-json':
    'the arguments string is not valid JSON: {problem} (line {line}, column {column} of the arguments string).',
  'native.json.lower.in-arguments-string': 'in the arguments string: {repair}',
  'native.json.lower.arguments-not-object': 'the arguments must be a JSON object of named values; found {found}.',
} as const
