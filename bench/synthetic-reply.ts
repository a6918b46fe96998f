/**
 * Builds a long, realistic VCP reply: CJK and English prose between blocks, fenced blocks,
 * ESCAPE values that carry markers, numbered batches and multi-line code values.
 * Deterministic for a given size, so runs are comparable.
 */

import { convertRequest, parseToolRequests } from '../src/core'

/** Prose between calls, as models write it: short transitions and longer explanations. */
const PROSE = [
  '好的，我来帮你查一下这个文件的内容，然后根据结果整理一份总结。',
  'Let me look at the directory first, then read the two files you mentioned.\n',
  '根据上一步的结果，配置文件里缺少 `timeout` 字段，我会先写入默认值再重新运行。\n\n',
  'I will run the calculation in the sandbox so the numbers are exact:\n',
  '<think>用户要的是汇总结果，先读文件再计算。</think>\n这里是正式的调用：\n',
]

/** Longer explanations for the realistic mix: what a model says between two calls. */
const PARAGRAPHS = [
  '上一步返回的目录里一共有十二个文件，其中三个是今天修改过的。我先读取最新的那个，确认里面的格式和你描述的一致，' +
    '如果字段名不一样，我会先列出差异再决定怎么合并。读取完成后我会告诉你结果。\n\n',
  'The test run failed on two cases. Both fail in the date parser: the input uses a two-digit year and the parser ' +
    'assumes four digits. Before changing anything I want to see the exact input, so I will read the fixture file ' +
    'and then evaluate the expression that builds the expected value.\n\n',
  '好的。\n',
  'Here is what I found so far:\n\n- the cache is rebuilt on every request;\n- the key ignores the agent id;\n' +
    '- nothing invalidates it when a tool is registered.\n\nI will confirm the second point with a quick check.\n',
  '计算结果是 42.0，和你手算的一致。接下来我把结果写进报告文件，路径沿用你之前指定的目录。\n',
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

/** The same call written in another paradigm (the comparable reply for json, xml and hermes). */
function inParadigm(vcpBlock: string, protocol: string): string {
  const request = parseToolRequests(vcpBlock).requests[0]
  if (!request) throw new Error('synthetic block did not parse')
  return convertRequest({ toolName: request.toolName, args: request.args }, protocol).text
}

export interface SyntheticReply {
  text: string
  blocks: number
}

export type ReplyMix = 'realistic' | 'dense'

/**
 * At least `minChars` characters and `minBlocks` blocks. 'realistic' puts an explanation of a
 * few sentences between calls, as agents do; 'dense' a single short line, which is the hardest
 * case for a parser: the most blocks and fields per character.
 */
export function buildSyntheticReply(
  minChars: number,
  minBlocks = 0,
  mix: ReplyMix = 'dense',
  protocol = 'vcp',
): SyntheticReply {
  const parts: string[] = []
  let length = 0
  let blocks = 0
  while (length < minChars || blocks < minBlocks) {
    const prose = PROSE[blocks % PROSE.length] as string
    const between = mix === 'realistic' ? (PARAGRAPHS[(blocks * 3) % PARAGRAPHS.length] as string) + prose : prose
    const piece = `${between}\n${protocol === 'vcp' ? block(blocks) : inParadigm(block(blocks), protocol)}\n\n`
    parts.push(piece)
    length += piece.length
    blocks++
  }
  return { text: parts.join(''), blocks }
}
