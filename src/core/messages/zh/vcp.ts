import type { vcpEn } from '../en/vcp'

/** The same messages in Chinese. */
export const vcpZh: Record<keyof typeof vcpEn, string> = {
  'vcp.missing-end-marker': '第 {line} 行打开的块没有 <<<[END_{block}]>>>；它结束于{where}。',
  'vcp.where.next-start': '下一个开始标记',
  'vcp.where.end-of-text': '文本末尾',
  'vcp.stray-end-marker': '结束标记 "{marker}" 没有对应的开始标记，已忽略。',
  'vcp.field-list-outside-block':
    '一个 `tool_name` 字段列表位于所有 {label} 块之外，不构成请求。' +
    '要调用工具，请用 <<<[{block}]>>> ... <<<[END_{block}]>>> 把它包起来。',
  'vcp.unclosed-reasoning': '<think> 块始终没有关闭；其后的全部文本都算作推理内容。',
  'vcp.marker-variant': '已接受非标准标记 "{marker}"。',
  'vcp.value-without-key': '值标记 "{marker}" 前面没有 `key:`；其文本已跳过。',
  'vcp.fullwidth-colon': '字段 "{key}" 使用了全角冒号 "："；按 ":" 读取。',
  'vcp.brace-open': '值以 "{{始}}" 开始；按 "「始」" 读取。',
  'vcp.brace-close': '值以 "{{末}}" 结束；按 "「末」" 读取。',
  'vcp.unterminated-value': '"{key}" 的值始终没有用 {closer} 结束；它在块末尾被截断，请求无法运行。{hint}',
  'vcp.plain-close-hint': '第 {line} 行出现了普通的 "「末」"；转义的值必须以 {closer} 结束。',
  'vcp.duplicate-key': '字段 "{key}" 出现了不止一次；以最后一个值为准。',
  'vcp.request-in-reasoning': '此请求位于 <think> 推理内容中，不会执行。',
  'vcp.fenced-block-skipped': '此请求位于 Markdown 代码围栏中，而围栏内的块会被跳过。',
  'vcp.missing-tool-name': '该块没有 `tool_name` 字段，因此没有指明要调用的工具。',
  'vcp.empty-tool-name': '`tool_name` 字段为空。',
  'vcp.duplicate-request-id': '请求 ID "{id}" 在本会话中已被占用；此请求记为 "{request}"。',
}
