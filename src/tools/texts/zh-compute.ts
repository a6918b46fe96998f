/** The Chinese texts of the `js` and `calc` tools (see ./keys for the keys, ./table for the pairs). */
import type { SlotTranslator, TextTable } from './table'

const ISOLATIONS: Readonly<Record<string, string>> = {
  'QuickJS (WebAssembly) in a Web Worker': '在 Web Worker 中运行的 QuickJS（WebAssembly）',
  'QuickJS (WebAssembly) in a worker thread': '在 worker 线程中运行的 QuickJS（WebAssembly）',
}

/** A sandbox's isolation (`SandboxRunner.isolation`) in Chinese; an unknown one stays as it is. */
export const chineseIsolation: SlotTranslator = (isolation) =>
  Object.prototype.hasOwnProperty.call(ISOLATIONS, isolation) ? (ISOLATIONS[isolation] as string) : isolation

/** The `js` and `calc` tools' texts: English and Chinese by key. */
export const COMPUTE_ZH: TextTable = {
  'tool.js.name': ['JavaScript sandbox', 'JavaScript 沙箱'],
  'tool.js.description': [
    'Evaluates JavaScript in an isolated sandbox (%{isolation}) with no access to the page, the network or files.',
    '在隔离的沙箱中执行 JavaScript，无法访问页面、网络或文件。隔离方式：%{isolation}。',
  ],
  'method.js_evaluate.displayName': ['Evaluate JavaScript', '执行 JavaScript'],
  'method.js_evaluate.description': [
    'Runs JavaScript and returns the value of the last expression (a promise is awaited) plus everything written with console.log. ' +
      'No DOM, no network, no file system, no imports, no timers. ' +
      'At most 64 MB of memory; 4 sandboxes run at once. Use JSON-friendly values.',
    '运行 JavaScript，返回最后一个表达式的值（若是 promise 则等待其完成），以及所有用 console.log 输出的内容。' +
      '没有 DOM、网络、文件系统、import 和定时器。' +
      '内存最多 64 MB；最多同时运行 4 个沙箱。请使用能转换为 JSON 的值。',
  ],
  'param.js_evaluate.code': [
    'A script; its last expression is the result, e.g. "[1,2,3].map(x => x * 2)".',
    '一段脚本，最后一个表达式的值即为结果，例如 "[1,2,3].map(x => x * 2)"。',
  ],
  'param.js_evaluate.timeoutMs': [
    'The sandbox is killed after this long (at most 20000).',
    '超过这段时长（毫秒）后终止沙箱（最多 20000）。',
  ],
  'tool.calc.name': ['Calculator', '计算器'],
  'tool.calc.description': [
    'Evaluates arithmetic expressions with a real parser (no eval).',
    '用真正的解析器计算算术表达式（不使用 eval）。',
  ],
  'method.calc_evaluate.displayName': ['Evaluate expression', '计算表达式'],
  'method.calc_evaluate.description': [
    'Evaluates an arithmetic expression: + - * / % ^ (power), parentheses, functions such as sqrt, sin, log, min, max, and the constants pi, e, tau, phi.',
    '计算算术表达式：支持 + - * / % ^（乘方）、括号、sqrt、sin、log、min、max 等函数，以及常量 pi、e、tau、phi。',
  ],
  'param.calc_evaluate.expression': ['For example "sqrt(2) * (3 + 4) / 2".', '例如 "sqrt(2) * (3 + 4) / 2"。'],
  'param.calc_evaluate.precision': [
    'Significant digits to round the result to (1-17).',
    '结果四舍五入后保留的有效数字位数（1-17）。',
  ],
}
