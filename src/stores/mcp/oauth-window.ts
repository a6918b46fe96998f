/**
 * The window a sign-in happens in. It must be opened in the click's own task (later, the browser
 * blocks it as a pop-up), before the authorization page is known: so it opens blank, says it is
 * on its way, and is sent to the page once the SDK prepared it.
 */

/** What a sign-in window offers the store. */
export interface SignInWindow {
  /** False when the browser refused to open it (a pop-up blocker). */
  readonly opened: boolean
  /** Sends the window to the authorization page; false when it is gone (blocked or closed). */
  go(url: URL): boolean
  close(): void
}

/** Opens the window now, in the click's task; `waiting` is what it says until the page loads. */
export function openSignInWindow(waiting: string): SignInWindow {
  const popup = typeof window === 'undefined' ? null : window.open('', '_blank', 'popup,width=560,height=720')
  if (popup) {
    // The authorization server's page must not reach back into the workbench (reverse tabnabbing).
    popup.opener = null
    popup.document.title = waiting
    popup.document.body.textContent = waiting
  }
  return {
    opened: popup !== null,
    go(url) {
      if (!popup || popup.closed) return false
      popup.location.href = url.href
      return true
    },
    close: () => popup?.close(),
  }
}
