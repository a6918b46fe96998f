/** The Parser's suggested fixes and reading hints, in English (the `parserFixes` part of en.ts). */
export default {
  apply: 'Apply fix: {title}',
  applied: 'Fix applied: {title}',
  undo: 'Undo',
  hints: 'How this request was read',
  showHint: 'Show the place in the reply',
}
