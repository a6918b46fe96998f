/** Messages several readers share, in English. */
export const commonEn = {
  /** A native format's finding, said with the format's name first. */
  'native.in-format': '{format}: {message}',
  'common.empty': '',
  'common.did-you-mean-one': ' Did you mean {name}?',
  'common.did-you-mean-many': ' Did you mean {names} or {last}?',
  'native.duplicate-call-id': 'the call id "{id}" is already taken in this session; this request is "{request}".',
  'native.unknown-tool-name': '"{name}" is not among the tools the model was given.{didYouMean}',
  'native.call-in-reasoning': 'this call is inside reasoning (<think>); it is not executed.',
} as const
