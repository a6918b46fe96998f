import type en from './mcp-oauth-en'

/** 登录 HTTP MCP 服务器（OAuth）的文案（zh.ts 的 `mcpOAuth` 部分）。 */
const zh: typeof en = {
  signIn: '登录',
  signOut: '退出登录',
  signedIn: '已登录（OAuth）',
  expiredTag: '登录已过期',
  needed: '“{server}”要求先登录（OAuth）才会列出它的工具。点击“登录”会在新窗口中打开它的登录页面。',
  expired: '你在“{server}”的登录已过期或被撤销，且无法自动续期。请重新登录以使用它的工具。',
  waitingWindow: '正在打开登录页面…',
  outcome: {
    waiting: '请在打开的窗口中完成“{server}”的登录。',
    'signed-in': '已登录“{server}”。',
    'signed-out': '已退出“{server}”：它的令牌已从此浏览器中删除。',
    'not-revoked': '已退出“{server}”：它的令牌已从此浏览器中删除；它的服务器不提供撤销令牌的方式。',
    revoked: '已退出“{server}”：它的服务器已撤销这些令牌，此浏览器也已删除它们。',
    'revoke-failed': '已在此浏览器中退出“{server}”；这些令牌可能在别处仍然有效。{detail}',
    refused: '你在“{server}”的登录页面上拒绝了授权。在你登录并同意之前，它的工具不可用。',
    state: '已忽略一个并非本页面发起的登录应答（state 不匹配）。请重新登录。',
    failed: '登录“{server}”失败：{detail}',
    blocked: '浏览器拦截了登录窗口。请允许此页面弹出窗口，或直接',
  },
  openPage: '打开登录页面',
  answer: {
    'signed-in': '已登录“{server}”。你可以关闭此窗口，回到工作台。',
    refused: '已拒绝“{server}”的授权。你可以关闭此窗口。',
    state: '此应答不属于工作台发起的登录，已被忽略。你可以关闭此窗口。',
    failed: '登录“{server}”失败：{detail}',
  },
}

export default zh
