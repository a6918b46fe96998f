/** Replies to start from when you play the model yourself. */
export interface ManualSample {
  label: string
  text: string
}

export const MANUAL_SAMPLES: ManualSample[] = [
  {
    label: 'VCP: calculate',
    text: 'Let me calculate that.\n\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」sqrt(2) * (3 + 4) / 2「末」\n<<<[END_TOOL_REQUEST]>>>',
  },
  {
    label: 'VCP: write and read a file',
    text: '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_write「末」,\npath:「始」/notes/chat.md「末」,\ncontent:「始」Written from the chat.「末」\n<<<[END_TOOL_REQUEST]>>>\n\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_read「末」,\npath:「始」/notes/chat.md「末」\n<<<[END_TOOL_REQUEST]>>>',
  },
  {
    label: 'JSON block: base64',
    text: '```json\n{"tool_calls": [{"name": "text_base64Encode", "arguments": {"text": "VCP Workbench"}}]}\n```',
  },
  { label: 'Final answer', text: 'Here is the answer, based on the tool results above.' },
]
