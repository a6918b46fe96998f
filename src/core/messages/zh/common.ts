import type { commonEn } from '../en/common'

/** The same messages in Chinese. */
export const commonZh: Record<keyof typeof commonEn, string> = {
  'native.in-format': '{format}：{message}',
  'common.empty': '',
  'common.did-you-mean-one': '是否想用 {name}？',
  'common.did-you-mean-many': '是否想用 {names} 或 {last}？',
  'native.duplicate-call-id': '调用 ID "{id}" 在本会话中已被占用；此请求记为 "{request}"。',
  'native.unknown-tool-name': '"{name}" 不在提供给模型的工具之中。{didYouMean}',
  'native.call-in-reasoning': '此调用位于推理内容（<think>）中，不会执行。',
}
