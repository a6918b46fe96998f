/** Discovery 中 MCP 服务器的提示词、资源和模板，中文（zh.ts 的 `mcpOffer` 部分）。 */
export default {
  tabs: {
    tools: '工具（{n}）',
    prompts: '提示词（{n}）',
    resources: '资源（{n}）',
    templates: '模板（{n}）',
  },
  listAgain: '重新列出',
  invisible:
    '已从显示和插入对话的内容中移除 1 个不可见字符（标签字符、方向覆盖符或零宽字符）。 | 已从显示和插入对话的内容中移除 {n} 个不可见字符（标签字符、方向覆盖符、零宽字符）。',
  listing: '正在列出服务器提供的内容…',
  notConnected: '服务器未连接：请在“MCP 服务器”中连接它，才能使用它的提示词和资源。',
  problems: '部分列表不完整：',
  none: {
    prompts: '该服务器没有提供提示词。',
    resources: '该服务器没有列出资源。',
    templates: '该服务器没有提供资源模板。',
  },
  prompt: {
    noArguments: '该提示词没有参数。',
    required: '必填',
    fillRequired: '请先填写必填参数，再获取提示词。',
    get: '获取',
    messages: '消息',
    role: { user: '用户', assistant: '助手' },
    embedded: '嵌入的资源',
    link: '资源链接',
    other: '{type} 内容',
  },
  resource: {
    read: '读取',
    readAgain: '重新读取',
    subscribe: '订阅',
    unsubscribe: '取消订阅',
    subscribeHint: '该资源变化时服务器会通知工作台，随后自动重新读取。',
    updatedAt: '更新于 {time}',
    download: '下载',
    bytes: '{type}，{size} 字节',
    noContents: '服务器没有返回任何内容。',
  },
  template: {
    uri: 'URI',
    fillAll: '填写所有变量以生成 URI。',
    unreadable: '无法解析该模板，因此不能在此填写。',
  },
  insert: '插入到聊天',
}
