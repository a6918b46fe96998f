import type { collectionsEn } from '../en/collections'

/** The same messages in Chinese. */
export const collectionsZh: Record<keyof typeof collectionsEn, string> = {
  'collections.name-not-text': '名称不是文本',
  'collections.name-empty': '名称为空',
  'collections.name-spaces': '名称以空格开头或结尾',
  'collections.name-too-long': '名称超过 {max} 个字符',
  'collections.call-not-object': '不是带有 "name"、"method" 和 "arguments" 的对象',
  'collections.no-method': '没有方法（应为路由名，例如 `calc_evaluate`）',
  'collections.method-space': '方法 {method} 中含有空格',
  'collections.arguments-not-object': '"arguments" 不是由具名参数组成的对象',
  'collections.arguments-too-deep': '参数嵌套超过 {max} 层',
  'collections.collection-not-object': '不是带有 "name" 和 "calls" 的对象',
  'collections.calls-not-list': '"calls" 不是列表',
  'collections.call-name-taken': '名称 "{name}" 已被前面的调用使用',
  'collections.collection-name-taken': '名称 "{name}" 已被前面的集合使用',
  'collections.file-not-object': '文件不是 JSON 对象',
  'collections.wrong-format': '"format" 是 {format}，而不是 "{one}" 或 "{many}"',
  'collections.format-missing': '缺失',
  'collections.wrong-version': '版本 {version} 不是 {expected}',
  'collections.version-missing': '（无）',
  'collections.no-collection': '没有集合',
  'collections.collections-not-list': '"collections" 不是列表',
  'collections.not-json': '文件不是 JSON（{error}）',
}
