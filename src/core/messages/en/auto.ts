/** Messages of auto-detection, in English. */
export const autoEn = {
  'auto.detected': 'Detected: {formats}.{silent}',
  'auto.nothing-detected': "No tool requests in any known format ({protocols}, or a model's own format).{silent}",
  'auto.format-one': '{id} ({count} request{why})',
  'auto.format-many': '{id} ({count} requests{why})',
  'auto.why': ': {reason}',
  'auto.silent': ' {formats}.',
  'auto.silent-format': '{label}: {reason}, but no call was found',
  'auto.list-comma': '{first}, {rest}',
  'auto.list-semicolon': '{first}; {rest}',
  'auto.reason.call-at-line': 'a call at line {line}',
  'auto.reason.model-hint': 'the model "{model}" writes {format}',
  'auto.reason.opener': '{opener} followed by {excerpt}',
  'auto.reason.end-of-text': 'the end of the text',
  'auto.reason.as-written': '{reason}',
  'auto.unknown-protocol':
    'Unknown protocol "{id}".{didYouMean} Registered protocols: {protocols}; native formats: {formats} (or auto to detect).',
  'auto.parser-failure': 'The parser failed unexpectedly: {error}. Please report this text.',
} as const
