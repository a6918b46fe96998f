/** 服务器的模式与数据过大、无法完整显示时页面的说明（zh.ts 的 `mcpSchemas` 部分）。 */
export default {
  formCut:
    '此工具的模式声明了 {declared} 个参数，只有 {shown} 个在其预算之内，表单无法全部显示。请以 JSON 填写参数：由服务器检查。',
  downloadSchema: '下载完整模式',
  formUnavailable: '此工具的模式过大，表单无法显示',
  jsonTooDeep: '此 JSON 嵌套了 {depth} 层；超过 {max} 层的部分以文本显示。',
  messageCut: '已截断，共 {total} 个字符',
  messageCutStart: '已在 {shown} 个字符处截断',
  downloadMessage: '下载完整消息',
}
