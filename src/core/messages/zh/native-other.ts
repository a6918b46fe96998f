import type { nativeOtherEn } from '../en/native-other'

/** The same messages in Chinese. */
export const nativeOtherZh: Record<keyof typeof nativeOtherEn, string> = {
  'native.token.runs-to-text-end': '它一直延续到文本末尾',
  'native.token.another-section-opens': '在它结束之前另一个段落已经开始',
  'native.token.section-unclosed': '{opener} 段落没有用 {closer} 结束；{where}。',
  'native.token.text-outside-calls': '工具调用段落中、任何 {opener} 之外的文本已被忽略。',
  'native.token.call-unclosed': '该调用没有用 {closer} 结束；它一直延续到所在段落的末尾。',
  'native.token.no-separator': '调用 {call} 没有 {separator}，也没有参数。',
  'native.token.arguments-unclosed': '{name} 的参数没有闭合；它们一直延续到{runs}。',

  'native.mistral.no-tool-name': '{marker} 后面没有工具名。',
  'native.mistral.arguments-not-object': '{name} 的调用没有 JSON 参数对象；发现的是 {found}。',
  'native.mistral.no-arguments': '{name} 的调用没有参数。',
  'native.mistral.what-payload': '{marker} 载荷',
  'native.mistral.what-array-call': '{marker} 数组中的一个调用',
  'native.mistral.payload-unclosed': '{marker} 载荷没有闭合；它一直延续到文本末尾。',
  'native.mistral.call-cut-off': '该调用在 {marker} 数组的末尾被截断。',
  'native.mistral.array-unclosed': '{marker} 数组没有用 ] 结束；它一直延续到{runs}。',
  'native.mistral.unusual-id': '调用 ID {id} 不是 {model} 那样由九个字母和数字组成的 ID。',

  'native.deepseek.no-name-before-separator': '该调用在 {separator} 之前没有工具名。',
  'native.deepseek.unexpected-type': '调用类型是 {type}；{model} 在 {separator} 之前写的是 `function`。',
  'native.deepseek.no-name-after-separator': '该调用在 {separator} 之后没有工具名。',
  'native.deepseek.no-arguments-after-name': '{name} 的调用在名称之后没有参数。',
  'native.deepseek.fence-language': '参数的代码围栏语言是 `{language}`；{model} 写的是 `json`。',
  'native.deepseek.no-fence': '参数不在 `json` 代码围栏中；已按原样读取。',
  'native.deepseek.fence-unclosed': '参数的 `json` 代码围栏在 {closer} 之前没有结束。',
  'native.deepseek.missing-call-begin': '该调用的名称之前没有 {opener}；仍按调用读取。',

  'native.kimi.no-call-id': '该调用在参数之前没有 `functions.NAME:INDEX`。',

  'native.harmony.call-in-analysis': '此调用写在 `analysis` 频道（模型的推理）中；函数调用应写在 `commentary` 频道。',
  'native.harmony.builtin-tool': '这条消息发给 {recipient}，它是 {model} 的内置工具，不是 `functions.` 工具。',
  'native.harmony.no-tool-name': '接收者 {recipient} 没有指明工具。',
  'native.harmony.call-unclosed': '发往 {recipient} 的调用没有用 {closer} 结束；{why}。',
  'native.harmony.next-message-begins': '下一条消息先开始了',
  'native.harmony.text-ends': '文本先结束了',
  'native.harmony.call-end-token': '发往 {recipient} 的调用以 {token} 结束；调用消息应以 {closer} 结束。',
  'native.harmony.header-cut': '该调用的头部在 {marker} 之前被截断。',
  'native.harmony.no-message': '{recipient} 的调用没有 {marker}，也没有参数。',

  'native.functionary.cut-after-name': '{name} 的调用在名称之后被截断。',
  'native.functionary.no-arguments': '{name} 的调用在名称后的一行中没有 JSON 参数对象。',
  'native.functionary.no-arguments-found': '{name} 的调用在名称后的一行中没有 JSON 参数对象；发现的是 {found}。',
}
