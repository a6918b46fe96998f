/**
 * The Chinese of the synthetic load tools (../synthetic): there can be thousands of them, so their
 * texts are translated by the patterns they are generated from instead of one entry per key.
 */

const VERBS: Readonly<Record<string, string>> = {
  get: '获取',
  list: '列出',
  create: '创建',
  update: '更新',
  delete: '删除',
  search: '搜索',
  sync: '同步',
  export: '导出',
  import: '导入',
  preview: '预览',
}

const NOUNS: Readonly<Record<string, string>> = {
  invoice: '发票',
  customer: '客户',
  ticket: '工单',
  report: '报表',
  image: '图片',
  calendar: '日历',
  message: '消息',
  dataset: '数据集',
  build: '构建',
  release: '发布',
  sensor: '传感器',
  order: '订单',
}

const PARAMS: Readonly<Record<string, string>> = {
  'Identifier of the record.': '记录的标识符。',
  'Maximum number of items.': '最多返回的条目数。',
}

const wordIn = (table: Readonly<Record<string, string>>, word: string | undefined): string | undefined =>
  word !== undefined && Object.prototype.hasOwnProperty.call(table, word) ? table[word] : undefined

/** The tool id, then the rest of a key, when the key names a text of a synthetic tool (`syn<number>`). */
const SYNTHETIC_KEY = /^(?:tool\.syn\d+\.|method\.syn\d+_\w+\.|param\.syn\d+_\w+\.)(.+)$/

/** The Chinese of one generated English text, by what kind of text the key names. */
function generatedChinese(kind: string, english: string): string | undefined {
  if (kind === 'name') {
    const match = /^Synthetic (\w+) service (\d+)$/.exec(english)
    const noun = wordIn(NOUNS, match?.[1])
    return match && noun ? `合成${noun}服务 ${match[2]}` : undefined
  }
  if (kind === 'description') {
    const tool = /^Generated tool number (\d+) for load tests: (\w+) records\.$/.exec(english)
    const toolNoun = wordIn(NOUNS, tool?.[2])
    if (tool && toolNoun) return `用于负载测试的第 ${tool[1]} 个生成工具：${toolNoun}记录。`
    const method = /^(\w+) (\w+) records \(synthetic method (\d+)\)\.$/.exec(english)
    const verb = wordIn(VERBS, method?.[1])
    const noun = wordIn(NOUNS, method?.[2])
    if (method && verb && noun) return `${verb}${noun}记录（合成方法 ${method[3]}）。`
    return undefined
  }
  return wordIn(PARAMS, english)
}

/**
 * The Chinese of a synthetic tool's text under `key` (see ./keys), when `english` is the text the
 * generator writes; undefined for any other key or text.
 */
export function syntheticChinese(key: string, english: string): string | undefined {
  const rest = SYNTHETIC_KEY.exec(key)?.[1]
  if (rest === undefined) return undefined
  if (key.startsWith('param.')) return generatedChinese('param', english)
  return rest === 'name' || rest === 'description' ? generatedChinese(rest, english) : undefined
}
