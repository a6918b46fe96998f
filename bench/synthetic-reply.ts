/**
 * Builds a long, realistic VCP reply: CJK and English prose between blocks, fenced blocks,
 * ESCAPE values that carry markers, numbered batches and multi-line code values.
 * Deterministic for a given size, so runs are comparable.
 */

const PROSE = [
  '好的，我来帮你查一下这个文件的内容，然后根据结果整理一份总结。',
  'Let me look at the directory first, then read the two files you mentioned.\n',
  '根据上一步的结果，配置文件里缺少 `timeout` 字段，我会先写入默认值再重新运行。\n\n',
  'I will run the calculation in the sandbox so the numbers are exact:\n',
  '<think>用户要的是汇总结果，先读文件再计算。</think>\n这里是正式的调用：\n',
]

const CODE = `function summarise(rows) {
  const totals = {};
  for (const row of rows) {
    totals[row.key] = (totals[row.key] ?? 0) + row.value; // 累加
  }
  return Object.entries(totals).sort((a, b) => b[1] - a[1]);
}`

function block(i: number): string {
  switch (i % 5) {
    case 0:
      return `<<<[TOOL_REQUEST]>>>
tool_name:「始」vfs_read「末」,
path:「始」/notes/day-${i}.md「末」
<<<[END_TOOL_REQUEST]>>>`
    case 1:
      return `\`\`\`text
<<<[TOOL_REQUEST]>>>
tool_name: 「始」js_evaluate「末」,
code: 「始」${CODE}「末」, // 多行代码
timeout:「始」2000「末」
<<<[END_TOOL_REQUEST]>>>
\`\`\``
    case 2:
      return `<<<[TOOL_REQUEST]>>>
maid:「始」Nova「末」,
tool_name:「始」vfs_write「末」,
path:「始」/docs/prompt-${i}.txt「末」,
content:「始ESCAPE」示例调用：
<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」
<<<[END_TOOL_REQUEST]>>>
以上内容原样写入文件。「末ESCAPE」
<<<[END_TOOL_REQUEST]>>>`
    case 3:
      return `<<<[TOOL_REQUEST]>>>
tool_name:「始」FileOperator「末」,
command1:「始」ReadFile「末」,
filePath1:「始」/data/in-${i}.csv「末」
command2:「始」WriteFile「末」,
filePath2:「始」/data/out-${i}.csv「末」,
content2:「始」a,b,c\n1,2,3「末」
<<<[END_TOOL_REQUEST]>>>`
    default:
      return `<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」,
expression:「始」sqrt(${i}) * (3 + 4) / 2「末」,
precision:「始」6「末」
<<<[END_TOOL_REQUEST]>>>`
  }
}

export interface SyntheticReply {
  text: string
  blocks: number
}

/** At least `minChars` characters and `minBlocks` blocks. */
export function buildSyntheticReply(minChars: number, minBlocks = 0): SyntheticReply {
  const parts: string[] = []
  let length = 0
  let blocks = 0
  while (length < minChars || blocks < minBlocks) {
    const prose = PROSE[blocks % PROSE.length] as string
    const piece = `${prose}\n${block(blocks)}\n\n`
    parts.push(piece)
    length += piece.length
    blocks++
  }
  return { text: parts.join(''), blocks }
}
