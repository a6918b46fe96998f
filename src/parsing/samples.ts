/** Sample replies for the Parser pane: something to start from. */
export interface SampleReply {
  /** i18n key of its name. */
  key: string
  protocol: string
  text: string
}

export const SAMPLE_REPLIES: SampleReply[] = [
  {
    key: 'parser.samples.wellFormed',
    protocol: 'vcp',
    text: `I will save a note, read it back and do the sum.

<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_write「末」,
path:「始」/notes/today.md「末」,
content:「始」- try the workbench「末」
<<<[END_TOOL_REQUEST]>>>

<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_read「末」,
path:「始」/notes/today.md「末」
<<<[END_TOOL_REQUEST]>>>

<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」,
expression:「始」sqrt(16) * (3 + 4) / 2「末」
<<<[END_TOOL_REQUEST]>>>
`,
  },
  {
    key: 'parser.samples.messy',
    protocol: 'vcp',
    text: `<think>先看看目录，再算一下。<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_wipe「末」
<<<[END_TOOL_REQUEST]>>></think>
好的，我先列出目录：
<<[tool_request]>>
tool_name：「始」fs_tree「末」,
depth:「始」two「末」
<<[end_tool_request]>>

然后计算（忘了结束标记）：
<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evalute「末」,
expression:「始」2 ^ 10「末」
<<<[TOOL_REQUEST]>>>
tool_name:「始」text_hash「末」,
text:「始」hello「末」,
text:「始」hello again「末」,
colour:「始」red「末」
<<<[END_TOOL_REQUEST]>>>
`,
  },
  {
    key: 'parser.samples.mixed',
    protocol: 'auto',
    text: `A VCP call first:
<<<[TOOL_REQUEST]>>>
tool_name:「始」datetime_now「末」,
timeZone:「始」Asia/Shanghai「末」
<<<[END_TOOL_REQUEST]>>>

then Hermes, as Qwen writes it:
<tool_call>
{"name": "calc_evaluate", "arguments": {"expression": "6 * 7", "precision": 3,}}
</tool_call>

and an OpenAI-style JSON block:
\`\`\`json
{"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "text_base64Encode", "arguments": "{\\"text\\": \\"héllo\\"}"}}]}
\`\`\`
`,
  },
  {
    key: 'parser.samples.verdicts',
    protocol: 'vcp',
    text: `One of each: a limit, a batch, a call in reasoning, an unknown tool and a wrong type.
<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_tree「末」,
path:「始」/「末」,
limit:「始」100「末」
<<<[END_TOOL_REQUEST]>>>
<<<[TOOL_REQUEST]>>>
tool_name:「始」fs「末」,
command1:「始」write「末」,
path1:「始」/plan/a.md「末」,
content1:「始」first「末」,
command2:「始」write「末」,
path2:「始」/plan/b.md「末」,
content2:「始」second「末」,
command3:「始」tree「末」,
path3:「始」/plan「末」
<<<[END_TOOL_REQUEST]>>>
<think>Maybe delete it all first?
<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_delete「末」,
path:「始」/plan「末」,
recursive:「始」true「末」
<<<[END_TOOL_REQUEST]>>>
</think>
<<<[TOOL_REQUEST]>>>
tool_name:「始」weather_today「末」,
city:「始」Paris「末」
<<<[END_TOOL_REQUEST]>>>
<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」,
expression:「始」2 + 2「末」,
precision:「始」two「末」
<<<[END_TOOL_REQUEST]>>>
`,
  },
  {
    key: 'parser.samples.native',
    protocol: 'auto',
    text: `Open models write tool calls in their own markup. Qwen3-Coder:
<tool_call>
<function=calc_evaluate>
<parameter=expression>
sqrt(2) * 10
</parameter>
<parameter=precision>
4
</parameter>
</function>
</tool_call>

gpt-oss (Harmony):
<|start|>assistant<|channel|>commentary to=functions.datetime_now <|constrain|>json<|message|>{"timeZone": "Europe/Paris"}<|call|>

Mistral:
[TOOL_CALLS]text_base64Encode[ARGS]{"text": "hello", "urlSafe": true}
`,
  },
]
