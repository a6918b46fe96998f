/** What the page says of a server's schemas and data too large to show whole (the `mcpSchemas` part of en.ts). */
export default {
  formCut:
    'This tool’s schema declares {declared} parameters; {shown} fit its budget, so the form cannot show them all. Write its arguments as JSON: the server checks them.',
  downloadSchema: 'Download the whole schema',
  formUnavailable: 'This tool’s schema is too large for the form',
  jsonTooDeep: 'This JSON is nested {depth} levels deep; levels past {max} are shown as text.',
  messageCut: 'cut, {total} characters in all',
  messageCutStart: 'cut after {shown} characters',
  downloadMessage: 'Download the whole message',
}
