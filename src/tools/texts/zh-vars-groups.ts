/**
 * The Chinese texts of the `vars` tool, the `limit` parameter every method gets, and the built-in
 * groups (see ./keys for the keys, ./table for the pairs). A rule prompt holds one line per rule,
 * in the same order in both languages, so a rule with only some tools on translates line by line.
 */
import type { TextTable } from './table'

const lines = (...rules: string[]): string => rules.join('\n')

/** The `vars` tool's texts and the `limit` parameter's: English and Chinese by key. */
export const VARS_ZH: TextTable = {
  'tool.vars.name': ['Variables', '变量'],
  'tool.vars.description': [
    'Full tool results and arguments kept as variables, to read past a cut or pass on with $VAR_REF{{name}}.',
    '以变量形式保存的完整工具结果和参数，可用来读取被截断之后的内容，或用 $VAR_REF{{name}} 传给其他调用。',
  ],
  'method.vars_ListVars.description': [
    'Lists variables (name, type, size), newest first, a page at a time.',
    '分页列出变量（名称、类型、大小），最新的排在前面。',
  ],
  'param.vars_ListVars.filter.search': ['Part of the name or description.', '名称或描述中的一部分。'],
  'method.vars_ReadVar.description': [
    'Reads a variable, from `start` for `length` characters (to the end by default).',
    '读取变量：从 `start` 开始读取 `length` 个字符（默认读到末尾）。',
  ],
  'method.vars_ReadVar.returns': ['The text of that part of the variable.', '变量中这一部分的文本。'],
  'param.vars_ReadVar.length': ['Characters to read; the rest by default.', '要读取的字符数；默认读取剩余的全部内容。'],
  'method.vars_WriteVar.description': [
    'Stores text as a variable (replacing one of the same name), e.g. a result to pass on later.',
    '把文本保存为变量（替换同名变量），例如稍后要传给其他调用的结果。',
  ],
  'method.vars_WriteVar.returns': ['A confirmation with the reference to use.', '一条确认信息，附带可直接使用的引用。'],
  'param.vars_WriteVar.name': [
    'Letters, digits and _ - . / ; no ":", "{" or "}".',
    '字母、数字和 _ - . / ；不能包含 ":"、"{" 或 "}"。',
  ],
  'method.vars_RemoveVars.description': [
    'Removes variables by name. Rule variables cannot be removed.',
    '按名称删除变量。规则变量不能删除。',
  ],
  'method.vars_RemoveVars.returns': [
    '{ removed, protected, missing }: names in each case.',
    '{ removed, protected, missing }：分别列出属于每种情况的变量名。',
  ],
  'param.limit': [
    'Most characters of the result to return; longer results are cut and kept whole in a variable. 0 or -1 returns the whole result.',
    '结果最多返回的字符数；更长的结果会被截断，完整内容保存在变量中。0 或 -1 表示返回完整结果。',
  ],
}

/** The built-in groups' names, rules and skill rules: English and Chinese by key. */
export const GROUPS_ZH: TextTable = {
  'group.Files.name': ['Files', '文件'],
  'group.Files.rule': [
    lines(
      '- Paths are absolute and start with "/", e.g. "/notes/todo.md". Folders are created as needed.',
      '- fs_write replaces the whole file unless append is true: read a file before you change part of it.',
      '- fs_tree shows what exists; use it instead of guessing paths. fs_delete of a folder needs recursive: true.',
    ),
    lines(
      '- 路径都是绝对路径，以 "/" 开头，例如 "/notes/todo.md"。需要的文件夹会自动创建。',
      '- 除非 append 为 true，fs_write 会替换整个文件：只改文件的一部分之前，先读取它。',
      '- fs_tree 显示已有的内容；用它查看，不要猜测路径。用 fs_delete 删除文件夹需要 recursive: true。',
    ),
  ],
  'group.Files.skill.large-files.desc': ['Working with files longer than one result', '处理超出单个结果长度的文件'],
  'group.Files.skill.large-files.when': ['a file read comes back cut', '读取文件返回的内容被截断'],
  'group.Files.skill.large-files.prompt': [
    'Do not read a long file again with a larger limit. Read on with the ReadVar request from the cut note, or pass the whole file into a tool with $VAR_REF{{name}}, e.g. js_evaluate with code: `const text = $VAR_REF{{fs_read/req-1/result}}`... written as a JSON string literal.',
    '不要用更大的 limit 重新读取长文件。请用截断提示里给出的 ReadVar 请求接着读，或者用 $VAR_REF{{name}} 把整个文件传给工具，例如调用 js_evaluate 并传入 code: `const text = $VAR_REF{{fs_read/req-1/result}}`...，写成 JSON 字符串字面量。',
  ],
  'group.Compute.name': ['Compute', '计算'],
  'group.Compute.rule': [
    lines(
      '- Use calc_evaluate for arithmetic instead of computing in your head; it supports sqrt, pow, log, sin and friends.',
      '- js_evaluate runs JavaScript with no network, DOM or files. The value of the last expression is returned; console.log output comes back too. Keep timeouts short.',
    ),
    lines(
      '- 算术请用 calc_evaluate，不要心算；它支持 sqrt、pow、log、sin 等函数。',
      '- js_evaluate 运行 JavaScript，不能访问网络、DOM 或文件。返回最后一个表达式的值，console.log 的输出也会一并返回。超时时间请设得短一些。',
    ),
  ],
  'group.Compute.skill.js-data.desc': ['Processing a large result with JavaScript', '用 JavaScript 处理大型结果'],
  'group.Compute.skill.js-data.when': [
    'you need to filter, count or transform a result too long to read',
    '需要筛选、计数或转换一个长到无法直接阅读的结果',
  ],
  'group.Compute.skill.js-data.prompt': [
    'Pass the variable into the code as a string: code: "const data = JSON.parse(String.raw`$VAR_REF{{name}}`); data.items.length". Return only the small answer, not the data.',
    '把变量作为字符串传入代码：code: "const data = JSON.parse(String.raw`$VAR_REF{{name}}`); data.items.length"。只返回简短的答案，不要返回数据本身。',
  ],
  'group.Text and time.name': ['Text and time', '文本与时间'],
  'group.Text and time.rule': [
    lines(
      '- text_regexTest shows every match with its groups; test a pattern before you rely on it.',
      '- Dates: use datetime_now for the current time (the date in this prompt has no time of day) and IANA zone names such as "Asia/Shanghai".',
    ),
    lines(
      '- text_regexTest 会显示每个匹配及其分组；依赖某个模式之前，先用它测试一下。',
      '- 日期：用 datetime_now 获取当前时间（本提示词中的日期不含具体时刻），时区请使用 IANA 名称，例如 "Asia/Shanghai"。',
    ),
  ],
  'group.Variables.name': ['Variables', '变量'],
  'group.Variables.rule': [
    '- Variables are named after the tool and the request, e.g. "fs_read/req-3/result" and "fs_read/req-3/args". vars_ListVars with filter {"search": "fs_read"} finds them.',
    '- 变量以工具和请求命名，例如 "fs_read/req-3/result" 和 "fs_read/req-3/args"。用 vars_ListVars 并传入 filter {"search": "fs_read"} 即可找到它们。',
  ],
}
