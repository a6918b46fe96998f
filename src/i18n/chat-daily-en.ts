/** The chat's retry, regenerate, edit, versions and raw exchange messages in English (the `chatDaily` part of en.ts). */
export default {
  retry: 'Retry',
  regenerate: 'Regenerate',
  edit: 'Edit',
  editSend: 'Send from here',
  editCancel: 'Cancel',
  editHint: 'What came after this message is kept as a branch; switch back with the arrows.',
  versionTitle: 'Version {n} of {total}',
  previous: 'Previous version',
  next: 'Next version',
  busy: 'Wait until the running reply ends (or stop it).',
  card: {
    noArgsDefaults: 'No arguments written; defaults used:',
    noArgsPresets: 'No arguments written; presets used:',
    noArgsBoth: 'No arguments written; defaults and presets used:',
  },
  raw: {
    open: 'Raw exchange',
    title: 'Raw exchange of round {n}',
    request: 'Request',
    requestBody: 'Request body',
    response: 'Response',
    responseBody: 'Response body',
    events: 'Events as received | 1 event as received | {n} events as received',
    noResponse: 'No response arrived.',
    failure: 'Failure',
    copy: 'Copy',
    copyAll: 'Copy all',
    copied: 'Copied',
    copyFailed: 'The browser did not allow copying: select the text and copy it by hand.',
    redacted:
      'API keys are removed from the headers (Authorization, api-key, x-api-key) and from what the server sent.',
    cut: 'Cut here: only the first {limit} were kept. {n} more events ({bytes}) arrived and were not kept.',
    notKept:
      'This round has no raw exchange: exchanges are kept for this page only (never saved), and the manual model sends no HTTP request.',
  },
}
