import type { nativeJsonEn } from '../en/native-json'

/** The same messages in Chinese. */
export const nativeJsonZh: Record<keyof typeof nativeJsonEn, string> = {
  'native.json.what.arguments': '参数',
  'native.json.what.call-list': '调用列表',
  'native.json.what.list': '{name} 列表',
  'native.json.what.json': '{name} JSON',
  'native.json.what.action-json': '{name} 动作 JSON',
  'native.json.what.call': '{name} 调用',
  'native.json.what.model-call-list': '{model} 调用列表',
  'native.json.what.function-call-json': '函数调用 JSON',
  'native.json.to.text-end': '文本末尾',
  'native.json.to.next': '下一个 {marker}',

  'native.json.payload-invalid': '{what}不是有效的 JSON：{problem}。',
  'native.json.holds-no-calls': '{what}中没有调用。',
  'native.json.arguments-invalid': '{what}不是有效的 JSON：{problem}。',
  'native.json.arguments-as-string': '{what}被写成了 JSON 字符串；已按其中的对象读取。',
  'native.json.arguments-not-object': '{what}必须是由命名值组成的 JSON 对象。',

  'native.json.object-unclosed': '调用的 JSON 对象没有闭合；文本在其中结束。',
  'native.json.object-cut-off': '无法读取该调用：它的 JSON 对象被截断了。',
  'native.json.call-invalid': '该调用不是有效的 JSON：{problem}。',
  'native.json.list-unclosed': '{what}没有用 "]" 结束；文本在其中结束。',
  'native.json.list-holds-non-call':
    '{what}必须包含调用对象 `{{"name": ..., "arguments": {{...}}}}`；发现的是 {found}。',
  'native.json.list-separator-expected': '{what}中的调用之后应为 "," 或 "]"，发现的是 {found}。',

  'native.json.object-cut-by-next-call': '无法读取该调用：它的 JSON 对象在下一个 <function_call> 之前没有闭合。',
  'native.json.text-before-next-call': '调用与下一个 <function_call> 之间的文本已被忽略。',
  'native.json.ends-after-function-call': '文本在 <function_call> 之后就结束了。',
  'native.json.function-call-without-object': '<function_call> 后面没有指明工具的 JSON 对象。',
  'native.json.function-call-not-object':
    '<function_call> 后面必须是一个 JSON 对象 `{{"name": ..., "arguments": {{...}}}}`；发现的是 {found}。',

  'native.json.function-name-cut': '文本在 `<function=NAME>` 的 `>` 之前就结束了。',
  'native.json.function-unclosed': '<function={name}> 没有用 </function> 结束；它一直延续到{runs}。',

  'native.json.object-read-to-arguments': '{what}没有用 "}}" 结束；已读到其参数的末尾。',
  'native.json.object-cut-in-arguments': '{what}在参数结束之前被截断；无法读取参数。',
  'native.json.object-no-name': '{what}没有用 `"name"` 指明要调用的工具。',
  'native.json.array-unclosed': '调用列表没有用 "]" 结束。',
  'native.json.array-holds-non-call':
    '{what}的每个元素都必须是调用对象 `{{"name": ..., "arguments": {{...}}}}`；列表的其余部分没有读取。',
  'native.json.array-trailing-comma': '最后一个调用之后的多余逗号已被忽略。',
  'native.json.array-separator-expected': '{what}中的调用之后应为 "," 或 "]"；列表的其余部分没有读取。',

  'native.json.text-after-calls': '{what}中调用之后的文本已被忽略。',
  'native.json.block-holds-no-call': '{opener}{closer} 中没有调用。',
  'native.json.block-not-object':
    '{what}必须是 JSON 对象 `{{"name": ..., "arguments": {{...}}}}`；发现的是 {found}，没有当作调用读取。',
  'native.json.opener-at-end': '文本末尾的 {opener} 后面没有调用。',
  'native.json.block-unclosed': '{opener} 没有用 {closer} 结束；它一直延续到{runs}。',
  'native.json.opener-list-unclosed': '{opener} 之后的调用列表没有用 "]" 结束；它一直延续到{runs}。',

  'native.json.lower.call-not-object': '工具调用必须是带有名称和参数的 JSON 对象；实际是{found}。',
  'native.json.lower.function-without-name': '调用的 `function` 没有 `name`。',
  'native.json.lower.call-without-name': '调用没有指明要调用哪个工具的 `name`。',
  'native.json.lower.name-not-string': '调用的 `name` 必须是字符串；实际是{found}。',
  'native.json.lower.empty-name': '调用的 `name` 为空。',
  'native.json.lower.arguments-as-string': '参数以 JSON 字符串给出；已按其中的对象读取。',
  'native.json.lower.arguments-not-json':
    '参数字符串不是有效的 JSON：{problem}（参数字符串第 {line} 行第 {column} 列）。',
  'native.json.lower.in-arguments-string': '参数字符串中：{repair}',
  'native.json.lower.arguments-not-object': '参数必须是由具名值组成的 JSON 对象；实际是{found}。',
}
