import type en from './chat-daily-en'

/** 对话中重试、重新生成、编辑、版本和原始交互的中文消息（zh.ts 的 `chatDaily` 部分）。 */
const zh: typeof en = {
  retry: '重试',
  regenerate: '重新生成',
  edit: '编辑',
  editSend: '从这里重新发送',
  editCancel: '取消',
  editHint: '这条消息之后的内容会保留为一个分支；用箭头可以切换回去。',
  versionTitle: '第 {n} 个版本，共 {total} 个',
  previous: '上一个版本',
  next: '下一个版本',
  busy: '请等待正在进行的回复结束（或先停止它）。',
  card: {
    noArgsDefaults: '模型未写参数；使用了默认值：',
    noArgsPresets: '模型未写参数；使用了预设值：',
    noArgsBoth: '模型未写参数；使用了默认值和预设值：',
  },
  raw: {
    open: '原始交互',
    title: '第 {n} 轮的原始交互',
    request: '请求',
    requestBody: '请求体',
    response: '响应',
    responseBody: '响应体',
    events: '收到的事件 | 收到 1 个事件 | 收到 {n} 个事件',
    noResponse: '没有收到响应。',
    failure: '失败原因',
    copy: '复制',
    copyAll: '全部复制',
    copied: '已复制',
    copyFailed: '浏览器不允许复制：请选中文本后手动复制。',
    redacted: 'API 密钥已从请求头（Authorization、api-key、x-api-key）和服务器发来的内容中移除。',
    cut: '在此截断：只保留了前 {limit}。之后又收到 {n} 个事件（{bytes}），未保留。',
    notKept: '这一轮没有原始交互：原始交互只在本页面中保留（从不保存），手动模型也不发送 HTTP 请求。',
  },
}

export default zh
