/** Suggested fixes and reading hints, in English. */
export const fixesEn = {
  'fix.insert-end-marker': 'Insert {marker}',
  'fix.insert-before-next': 'Insert {marker} before the next call (line {line})',
  'fix.close-value': 'Close the value of "{key}" with {closer}',
  'fix.close-json': 'Close the JSON with {closing}',
  'fix.close-json-and-insert': 'Close the JSON with {closing}, then insert {marker}',
  'fix.double-quotes': 'Write the single-quoted strings in double quotes ({count})',
  'fix.quote-key': 'Put the key {key} in double quotes',
  'fix.remove-trailing-comma': 'Remove the trailing comma',
  'hint.swallowed-one':
    'This block is never closed, so it swallows 1 more request: it is read as part of this one. It starts at line {line}.',
  'hint.swallowed-many':
    'This block is never closed, so it swallows {count} more requests: they are read as part of this one. The first starts at line {line}.',
  'hint.batch': 'A numbered batch of {count} calls ({first} to {last}): they run one after another, in number order.',
  'hint.batch-gap': 'The batch numbers skip {missing}: check that no call was left out.',
  'hint.batch-duplicate': 'Number {number} is written {count} times ({keys}); only the last one is kept.',
} as const
