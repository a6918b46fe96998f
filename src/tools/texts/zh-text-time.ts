/** The Chinese texts of the `text` and `datetime` tools (see ./keys for the keys, ./table for the pairs). */
import type { TextTable } from './table'

/** The `text` tool's texts: English and Chinese by key. */
export const TEXT_ZH: TextTable = {
  'tool.text.name': ['Text utilities', '文本工具'],
  'tool.text.description': [
    'Regular expression tests with match groups, SHA hashes, base64, and text statistics.',
    '正则表达式测试（含匹配分组）、SHA 哈希、base64 编解码和文本统计。',
  ],
  'method.text_regexTest.displayName': ['Test a regular expression', '测试正则表达式'],
  'method.text_regexTest.description': [
    'Runs a regular expression over a text and lists every match with its index, numbered groups and named groups. ' +
      'RE2 syntax, matched in linear time (no pattern can hang it): classes, groups, (?<name>...), quantifiers and anchors as in JavaScript; ' +
      'no backreferences and no lookahead or lookbehind.',
    '在文本上运行正则表达式，列出每个匹配及其位置、编号分组和命名分组。' +
      '使用 RE2 语法，以线性时间匹配（任何模式都不会让它卡住）：字符类、分组、(?<name>...)、量词和锚点的写法与 JavaScript 相同；' +
      '不支持反向引用，也不支持先行断言或后行断言。',
  ],
  'param.text_regexTest.pattern': [
    'The pattern without slashes, e.g. "(\\\\d+)-(?<word>\\\\w+)".',
    '不带斜杠的模式，例如 "(\\\\d+)-(?<word>\\\\w+)"。',
  ],
  'param.text_regexTest.input': ['The text to search.', '要搜索的文本。'],
  'param.text_regexTest.flags': [
    'Any of g, i, m, s (u is accepted; RE2 always matches by code point). Without g only the first match is listed.',
    'g、i、m、s 的任意组合（也接受 u；RE2 始终按码点匹配）。不带 g 时只列出第一个匹配。',
  ],
  'method.text_hash.displayName': ['Hash text', '计算文本哈希'],
  'method.text_hash.description': [
    'Hashes the UTF-8 bytes of a text with SHA-1, SHA-256, SHA-384 or SHA-512 and returns lower-case hex.',
    '用 SHA-1、SHA-256、SHA-384 或 SHA-512 计算文本 UTF-8 字节的哈希，返回小写十六进制。',
  ],
  'method.text_hash.returns': ['hex digest', '十六进制摘要'],
  'method.text_base64Encode.displayName': ['Encode base64', 'base64 编码'],
  'method.text_base64Encode.description': [
    'Encodes the UTF-8 bytes of a text as base64.',
    '把文本的 UTF-8 字节编码为 base64。',
  ],
  'param.text_base64Encode.urlSafe': ['Use - and _ and no padding.', '使用 - 和 _，且不加填充。'],
  'method.text_base64Decode.displayName': ['Decode base64', 'base64 解码'],
  'method.text_base64Decode.description': [
    'Decodes base64 (standard or URL-safe) to UTF-8 text.',
    '把 base64（标准或 URL 安全格式）解码为 UTF-8 文本。',
  ],
  'method.text_stats.displayName': ['Text statistics', '文本统计'],
  'method.text_stats.description': [
    'Counts characters (code points), UTF-16 units, UTF-8 bytes, words and lines.',
    '统计字符数（按码点）、UTF-16 码元数、UTF-8 字节数、单词数和行数。',
  ],
}

/** The `datetime` tool's texts: English and Chinese by key. */
export const DATETIME_ZH: TextTable = {
  'tool.datetime.name': ['Date and time', '日期和时间'],
  'tool.datetime.description': [
    'Current date and time in any IANA time zone, formatting, and date arithmetic.',
    '任意 IANA 时区的当前日期和时间、日期格式化以及日期运算。',
  ],
  'method.datetime_now.displayName': ['Current time', '当前时间'],
  'method.datetime_now.description': [
    'The current instant as ISO 8601 (UTC), epoch milliseconds, and the wall-clock time in a time zone.',
    '当前时刻，以 ISO 8601（UTC）、纪元毫秒数以及某个时区的当地时间表示。',
  ],
  'param.datetime_now.timeZone': ['An IANA zone such as "Asia/Shanghai".', 'IANA 时区名，例如 "Asia/Shanghai"。'],
  'method.datetime_convert.displayName': ['Show a date in a time zone', '按时区显示日期'],
  'method.datetime_convert.description': [
    'Shows an ISO 8601 date (or epoch milliseconds) as wall-clock time in a time zone, with the weekday and UTC offset.',
    '把 ISO 8601 日期（或纪元毫秒数）显示为某个时区的当地时间，并附上星期几和 UTC 偏移。',
  ],
  'param.datetime_convert.date': [
    'ISO 8601, e.g. "2026-03-01T12:00:00Z", or epoch milliseconds.',
    'ISO 8601 格式，例如 "2026-03-01T12:00:00Z"，或纪元毫秒数。',
  ],
  'method.datetime_add.displayName': ['Add to a date', '日期加减'],
  'method.datetime_add.description': [
    'Adds an amount of a unit to a date (negative amounts subtract). Months and years keep the day of month where it exists, in UTC.',
    '给日期加上若干个单位的时长（负数表示减去）。按月或年加减时，若目标月份有同一天则保持日期中的日不变，按 UTC 计算。',
  ],
  'method.datetime_add.returns': ['ISO 8601 (UTC)', 'ISO 8601 格式（UTC）'],
  'method.datetime_diff.displayName': ['Time between dates', '日期间隔'],
  'method.datetime_diff.description': [
    'The time from one date to another in a unit (positive when "to" is later).',
    '从一个日期到另一个日期所经过的时长，以指定单位表示（"to" 较晚时为正数）。',
  ],
}
