import type { autoEn } from '../en/auto'

/** The same messages in Chinese. */
export const autoZh: Record<keyof typeof autoEn, string> = {
  'auto.detected': '检测到：{formats}。{silent}',
  'auto.nothing-detected': '任何已知格式（{protocols}，或模型自己的格式）中都没有工具请求。{silent}',
  'auto.format-one': '{id}（{count} 个请求{why}）',
  'auto.format-many': '{id}（{count} 个请求{why}）',
  'auto.why': '：{reason}',
  'auto.silent': '{formats}。',
  'auto.silent-format': '{label}：{reason}，但没有找到调用',
  'auto.list-comma': '{first}，{rest}',
  'auto.list-semicolon': '{first}；{rest}',
  'auto.reason.call-at-line': '第 {line} 行有一个调用',
  'auto.reason.model-hint': '模型 "{model}" 使用 {format} 格式',
  'auto.reason.opener': '{opener} 之后是 {excerpt}',
  'auto.reason.end-of-text': '文本末尾',
  'auto.reason.as-written': '{reason}',
  'auto.unknown-protocol':
    '未知协议 "{id}"。{didYouMean}已注册的协议：{protocols}；原生格式：{formats}（或用 `auto` 自动检测）。',
  'auto.parser-failure': '解析器意外出错：{error}。请报告这段文本。',
}
