/** Limits on what one MCP server may ask of the person, in English (the `mcpAsks` part of en.ts). */
export default {
  refuseAll: 'Refuse all {n} from "{server}"',
  refuseAllHint: 'Refuses what this server asks now and next, until you allow it again on its card.',
  disconnect: 'Disconnect "{server}"',
  disconnectHint: 'Refuses what this server asks now and disconnects it.',
  refused: '1 request from "{server}" was refused: | {n} requests from "{server}" were refused:',
  reason: {
    'queue-full':
      '{refused} at once, because {max} of its requests was already waiting | {refused} at once, because {max} of its requests were already waiting',
    'rate-limit': '{refused} at once, because it sent more than {max} requests in {seconds} s',
    'refused-all': '{refused} when you refused all of its requests',
  },
  separator: '; ',
  sentence: '{summary} {reasons}.',
  blocked: 'What it asks now is refused until you allow it again.',
  allow: 'Allow again',
}
