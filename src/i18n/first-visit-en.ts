/** What the page says while it is still loading, in English (the `firstVisit` part of en.ts). */
export default {
  /** Over a pane's skeleton while its code loads; `pane` is the tab's name. */
  loadingPane: 'Loading {pane}…',
  /** Above the plain text box that stands in for the code editor; `reason` is the browser's error message. */
  editorLabel: 'Code editor (a plain text box until it has loaded)',
  editorFallback: 'The code editor could not be loaded, so this is a plain text box. Reason: {reason}',
  /** When the error had no message of its own. */
  unknownReason: 'unknown error',
}
