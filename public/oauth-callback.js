/*
 * The page an authorization server sends the browser back to after a sign-in to an MCP server
 * (the workbench registers it as its redirect URI). It hands the query (code and state, or the
 * error) to the workbench page that started the sign-in, over a BroadcastChannel of this origin,
 * and shows that page's answer. It carries no secret, and checks nothing itself: the workbench
 * page accepts only the `state` it sent. src/mcp/oauth-channel.ts names the same channel and messages.
 */
;(() => {
  const CHANNEL = 'vcp-mcp-oauth'
  const WORDS = {
    en: {
      title: 'VCP Workbench',
      handing: 'Handing the sign-in back to the workbench…',
      nothing: 'This page is where a sign-in comes back to the workbench; it was opened without one.',
      silent:
        'No workbench page answered: it may have been closed or reloaded. Go back to the workbench and press Sign in again.',
    },
    zh: {
      title: 'VCP 工作台',
      handing: '正在把登录结果交回工作台…',
      nothing: '此页面用于把登录结果交回工作台；它被打开时没有带登录结果。',
      silent: '没有工作台页面应答：它可能已关闭或刷新。请回到工作台，重新点击“登录”。',
    },
  }

  /** The workbench's language, as its settings saved it; else the browser's. */
  function language() {
    try {
      const saved = JSON.parse(localStorage.getItem('vcp-workbench:tester') || 'null')
      if (saved && saved.data && (saved.data.locale === 'zh' || saved.data.locale === 'en')) return saved.data.locale
    } catch {
      // Unreadable settings: the browser's language decides.
    }
    return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en'
  }

  const words = WORDS[language()]
  document.documentElement.lang = language()
  document.getElementById('title').textContent = words.title
  const status = document.getElementById('status')
  const say = (text, result) => {
    status.textContent = text
    status.dataset.result = result
  }
  const query = location.search.slice(1)
  const params = new URLSearchParams(query)
  // The code is for the workbench alone: out of this window's address bar and history.
  history.replaceState(null, '', location.pathname)
  if (!params.get('code') && !params.get('error')) return say(words.nothing, 'none')
  if (typeof BroadcastChannel === 'undefined') return say(words.silent, 'none')
  say(words.handing, 'waiting')
  const state = params.get('state') || ''
  const channel = new BroadcastChannel(CHANNEL)
  const silence = setTimeout(() => say(words.silent, 'none'), 10000)
  channel.onmessage = (event) => {
    const answer = event.data
    if (!answer || answer.type !== 'vcp-mcp-oauth-answer' || answer.state !== state) return
    clearTimeout(silence)
    say(String(answer.text), answer.ok ? 'ok' : 'refused')
    document.title = String(answer.text)
    channel.close()
  }
  channel.postMessage({ type: 'vcp-mcp-oauth-callback', query })
})()
