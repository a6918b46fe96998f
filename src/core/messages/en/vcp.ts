/** Messages of the VCP reader, in English. */
export const vcpEn = {
  'vcp.missing-end-marker': 'The block opened at line {line} has no <<<[END_{block}]>>>; it ends at {where}.',
  'vcp.where.next-start': 'the next start marker',
  'vcp.where.end-of-text': 'the end of the text',
  'vcp.stray-end-marker': 'End marker "{marker}" has no matching start marker; it was ignored.',
  'vcp.field-list-outside-block':
    'A "tool_name" field list stands outside any {label} block; it is not a request. ' +
    'Wrap it in <<<[{block}]>>> ... <<<[END_{block}]>>> to call the tool.',
  'vcp.unclosed-reasoning': 'A <think> block is never closed; the rest of the text counts as reasoning.',
  'vcp.marker-variant': 'Non-standard marker "{marker}" was accepted.',
  'vcp.value-without-key': 'A value marker "{marker}" is not preceded by "key:"; its text was skipped.',
  'vcp.fullwidth-colon': 'Field "{key}" uses a full-width colon "："; read as ":".',
  'vcp.brace-open': 'Value opened with "{{始}}"; read as "「始」".',
  'vcp.brace-close': 'Value closed with "{{末}}"; read as "「末」".',
  'vcp.unterminated-value':
    'The value of "{key}" is never closed with {closer}; it was cut at the end of the block and the request cannot run.{hint}',
  'vcp.plain-close-hint': ' A plain "「末」" appears at line {line}; an escaped value must end with {closer}.',
  'vcp.duplicate-key': 'Field "{key}" appears more than once; the last value wins.',
  'vcp.request-in-reasoning': 'This request is inside <think> reasoning; it is not executed.',
  'vcp.fenced-block-skipped': 'This request is inside a Markdown code fence and fenced blocks are skipped.',
  'vcp.missing-tool-name': 'The block has no "tool_name" field, so it names no tool to call.',
  'vcp.empty-tool-name': 'The "tool_name" field is empty.',
  'vcp.duplicate-request-id': 'Request id "{id}" is already taken in this session; this request is "{request}".',
} as const
