/** Signing in to HTTP MCP servers (OAuth), in English (the `mcpOAuth` part of en.ts). */
export default {
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedIn: 'Signed in (OAuth)',
  expiredTag: 'Sign-in expired',
  needed:
    '“{server}” asks you to sign in (OAuth) before it lists its tools. Sign in opens its sign-in page in a new window.',
  expired:
    'Your sign-in to “{server}” has expired or was revoked, and could not be renewed. Sign in again to use its tools.',
  waitingWindow: 'Opening the sign-in page…',
  outcome: {
    waiting: 'Finish signing in to “{server}” in the window that opened.',
    'signed-in': 'Signed in to “{server}”.',
    'signed-out': 'Signed out of “{server}”: its tokens are forgotten in this browser.',
    'not-revoked':
      'Signed out of “{server}”: its tokens are forgotten in this browser; its server offers no way to revoke them.',
    revoked: 'Signed out of “{server}”: its server revoked the tokens, and this browser forgot them.',
    'revoke-failed': 'Signed out of “{server}” in this browser; the tokens may still work elsewhere. {detail}',
    refused:
      'You refused access to “{server}” on its sign-in page. Its tools stay unavailable until you sign in and approve.',
    state: 'A sign-in answer that this page did not ask for was ignored (its state did not match). Sign in again.',
    failed: 'Signing in to “{server}” failed: {detail}',
    blocked: 'The browser blocked the sign-in window. Allow pop-ups for this page, or open the sign-in page:',
  },
  openPage: 'open the sign-in page',
  answer: {
    'signed-in': 'Signed in to “{server}”. You can close this window and go back to the workbench.',
    refused: 'Access to “{server}” was refused. You can close this window.',
    state:
      'This answer does not belong to the sign-in the workbench started, so it was ignored. You can close this window.',
    failed: 'Signing in to “{server}” failed: {detail}',
  },
}
