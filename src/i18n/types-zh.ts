/** 参数类型（徽标上显示的名称）。 */
export default {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔',
  object: '对象',
  array: '数组',
  enum: '枚举',
  null: '空值',
  any: '任意',
  protocolLabels: { json: 'JSON tool_calls 块', 'llama3-builtin': 'Llama 3.1 内置工具' },
}
