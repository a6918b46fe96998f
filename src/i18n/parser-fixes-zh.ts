/** The Parser's suggested fixes and reading hints, in Chinese (the `parserFixes` part of zh.ts). */
export default {
  apply: '应用修复：{title}',
  applied: '已应用修复：{title}',
  undo: '撤销',
  hints: '此请求是如何读取的',
  showHint: '在回复中显示该位置',
}
