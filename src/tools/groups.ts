/** The built-in tools in groups, each with the rules a model should follow with them. */
import type { ToolGroup } from '../core'

/** A rule prompt with one line per tool, holding only the lines of the tools that are on. */
function linesPerTool(lines: Record<string, string>): (enabledToolNames: string[]) => string {
  return (names) =>
    Object.keys(lines)
      .filter((id) => names.includes(id))
      .map((id) => lines[id])
      .join('\n')
}

export const BUILTIN_GROUPS: ToolGroup[] = [
  {
    name: 'Files',
    tools: ['fs'],
    rulePrompt: [
      '- Paths are absolute and start with "/", e.g. "/notes/todo.md". Folders are created as needed.',
      '- fs_write replaces the whole file unless append is true: read a file before you change part of it.',
      '- fs_tree shows what exists; use it instead of guessing paths. fs_delete of a folder needs recursive: true.',
    ].join('\n'),
    skillRules: {
      'large-files': {
        desc: 'Working with files longer than one result',
        when: 'a file read comes back cut',
        prompt:
          'Do not read a long file again with a larger limit. Read on with the ReadVar request from the cut note, or pass the whole file into a tool with $VAR_REF{{name}}, e.g. js_evaluate with code: `const text = $VAR_REF{{fs_read/req-1/result}}`... written as a JSON string literal.',
      },
    },
  },
  {
    name: 'Compute',
    tools: ['calc', 'js'],
    rulePrompt: linesPerTool({
      calc: '- Use calc_evaluate for arithmetic instead of computing in your head; it supports sqrt, pow, log, sin and friends.',
      js: '- js_evaluate runs JavaScript with no network, DOM or files. The value of the last expression is returned; console.log output comes back too. Keep timeouts short.',
    }),
    skillRules: {
      'js-data': {
        desc: 'Processing a large result with JavaScript',
        when: 'you need to filter, count or transform a result too long to read',
        prompt:
          'Pass the variable into the code as a string: code: "const data = JSON.parse(String.raw`$VAR_REF{{name}}`); data.items.length". Return only the small answer, not the data.',
      },
    },
  },
  {
    name: 'Text and time',
    tools: ['text', 'datetime'],
    rulePrompt: linesPerTool({
      text: '- text_regexTest shows every match with its groups; test a pattern before you rely on it.',
      datetime:
        '- Dates: use datetime_now for the current time (the date in this prompt has no time of day) and IANA zone names such as "Asia/Shanghai".',
    }),
  },
  {
    name: 'Variables',
    tools: ['vars'],
    rulePrompt:
      '- Variables are named after the tool and the request, e.g. "fs_read/req-3/result" and "fs_read/req-3/args". vars_ListVars with filter {"search": "fs_read"} finds them.',
  },
]
