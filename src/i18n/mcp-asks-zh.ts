/** Limits on what one MCP server may ask of the person, in Chinese (the `mcpAsks` part of zh.ts). */
export default {
  refuseAll: '拒绝“{server}”的全部 {n} 个请求',
  refuseAllHint: '拒绝此服务器现在和之后的请求，直到你在它的卡片上再次允许。',
  disconnect: '断开“{server}”',
  disconnectHint: '拒绝此服务器现在的请求并断开它。',
  refused: '“{server}”有 1 个请求被拒绝： | “{server}”有 {n} 个请求被拒绝：',
  reason: {
    'queue-full': '{refused} 个被立即拒绝，因为它已有 {max} 个请求在等待',
    'rate-limit': '{refused} 个被立即拒绝，因为它在 {seconds} 秒内发送了超过 {max} 个请求',
    'refused-all': '{refused} 个在你拒绝它的全部请求时被拒绝',
  },
  separator: '；',
  sentence: '{summary}{reasons}。',
  blocked: '在你再次允许之前，它的新请求都会被拒绝。',
  allow: '再次允许',
}
