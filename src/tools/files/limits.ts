/** The limits of the `fs` tool: how large a file may be, and how many files a delete removes without asking. */

/** The most characters one file may hold. */
export const MAX_FILE_CHARS = 5_000_000
/** A recursive delete of more files than this asks a person first (in the chat, even under 'auto'). */
export const DELETE_WITHOUT_ASKING = 3
