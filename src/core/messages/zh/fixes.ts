import type { fixesEn } from '../en/fixes'

/** The same messages in Chinese. */
export const fixesZh: Record<keyof typeof fixesEn, string> = {
  'fix.insert-end-marker': '插入 {marker}',
  'fix.insert-before-next': '在下一个调用（第 {line} 行）之前插入 {marker}',
  'fix.close-value': '用 {closer} 结束 "{key}" 的值',
  'fix.close-json': '用 {closing} 补全 JSON',
  'fix.close-json-and-insert': '用 {closing} 补全 JSON，再插入 {marker}',
  'fix.double-quotes': '把单引号字符串改为双引号（{count} 处）',
  'fix.quote-key': '给键 {key} 加上双引号',
  'fix.remove-trailing-comma': '删除多余的逗号',
  'hint.swallowed-one': '此块没有结束，吞掉了后面的 1 个请求：它被当作此块的一部分读取。它从第 {line} 行开始。',
  'hint.swallowed-many':
    '此块没有结束，吞掉了后面的 {count} 个请求：它们被当作此块的一部分读取。第一个从第 {line} 行开始。',
  'hint.batch': '编号批量调用，共 {count} 个（{first} 到 {last}）：按编号顺序依次执行。',
  'hint.batch-gap': '批量编号跳过了 {missing}：请检查是否漏掉了调用。',
  'hint.batch-duplicate': '编号 {number} 出现了 {count} 次（{keys}）；只保留最后一个。',
}
