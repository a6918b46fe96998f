/** Messages of the XML-invoke formats (Qwen3-Coder, Seed-OSS, MiniMax-M2, Step-3, DeepSeek V3.2, GLM-4.5), in English. */
export const nativeXmlEn = {
  // Where an unclosed piece ends: nested in the messages below.
  'native.xml.where.runs-to-end': 'it runs to the end of the text',
  'native.xml.where.runs-to-next-section': 'it runs to the next section',
  'native.xml.where.ends-at': 'it ends at {marker}',
  'native.xml.where.next-tag': 'it ends where the next tag begins',
  'native.xml.where.next-marker': 'it ends where the next {marker} begins',
  'native.xml.where.skipped': 'it was skipped',
  // What is wrong with a tag's header: nested.
  'native.xml.header.name-unclosed': 'its name is not closed with `>`',
  'native.xml.header.tag-unclosed': 'its tag is not closed with `>`',
  'native.xml.header.not-attribute': '{char} is not an attribute',
  // Why a value does not read as its schema's type: nested (the pythonic formats use them too).
  'native.xml.typed.not-integer': '{value} is not an integer',
  'native.xml.typed.not-number': '{value} is not a number',
  'native.xml.typed.not-boolean': '{value} is not true or false',
  'native.xml.typed.not-null': '{value} is not null',
  'native.xml.typed.not-json': '{value} is not a JSON {type}',
  'native.xml.typed.dsml-not-json': 'it is marked string="false" but {value} is not JSON',
  // Sections and wrappers.
  'native.xml.section-unclosed': 'the {open} section is never closed with {close}; {where}.',
  'native.xml.text-in-section': 'text inside the {section} section but outside any call was ignored.',
  'native.xml.section-empty': 'the {section} section holds no call.',
  'native.xml.call-type-not-function': 'the call\'s type is {type}, not "function"; it was read as a function call.',
  'native.xml.call-cut-before-name': 'the call is cut off by the end of the text before its tool is named.',
  'native.xml.missing-separator': 'the call has no `function{sep}` before its invoke.',
  'native.xml.call-cut-before-invoke': 'the call is cut off by the end of the text before its {tag}.',
  'native.xml.call-without-invoke': 'the call has no {tag} name="..."> naming its tool.',
  'native.xml.wrapper-unclosed': 'the call is never closed with {closer}.',
  // Invokes.
  'native.xml.invoke-tag-malformed': "the call's {tag} tag is malformed: {problem}.",
  'native.xml.invoke-tag-cut': "the call's {tag} tag is cut off by the end of the text.",
  'native.xml.name-cut': 'the call is cut off before its name is whole.',
  'native.xml.invoke-names-no-tool': "the call's {tag} tag names no tool.",
  'native.xml.not-a-tool-name': '{name} is not a tool name.',
  'native.xml.call-unclosed': 'the call is never closed with {closer}; {where}.',
  'native.xml.text-in-call': 'text inside the call but outside any {tag} was ignored.',
  // Parameters.
  'native.xml.parameter-names-nothing': 'a {tag} tag names no argument; its value was skipped.',
  'native.xml.parameter-malformed': 'a {tag} tag is malformed ({problem}); it was skipped.',
  'native.xml.parameter-tag-cut': 'the {tag} tag is cut off by the end of the text.',
  'native.xml.parameter-unclosed': '`{tag}` is never closed with {closer}; {where}.',
  'native.xml.value-not-as-declared': 'the value of "{key}" does not read as declared: {problem}; it is kept as text.',
  'native.xml.duplicate-argument': '"{key}" is given more than once; the last value is kept.',
  // GLM-4.5.
  'native.xml.glm.no-tool-name': 'the call names no tool before its first <arg_key>.',
  'native.xml.glm.text-in-call': 'text inside the call but outside any <arg_key>/<arg_value> pair was ignored.',
  'native.xml.glm.key-unclosed': 'an <arg_key> is never closed with </arg_key>; {where}.',
  'native.xml.glm.key-empty': 'an <arg_key> is empty; its value was skipped.',
  'native.xml.glm.value-cut': 'the argument "{key}" is cut off by the end of the text before its <arg_value>.',
  'native.xml.glm.value-missing': 'the argument "{key}" has no <arg_value> after its </arg_key>.',
  'native.xml.glm.value-unclosed': 'the <arg_value> of "{key}" is never closed with </arg_value>; {where}.',
} as const
