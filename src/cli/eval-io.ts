/**
 * What `vcp eval` needs of the outside world beyond reading and writing whole files: appending
 * kept results as they come, reading large files in chunks, a terminal to redraw progress on, and
 * the environment. Every member is optional, with a fallback, so any CliIo runs the command.
 */

/** The optional members of the CliIo that `vcp eval` uses. */
export interface EvalIo {
  /** Appends text to a file, creating it: each scored outcome is kept the moment it arrives. */
  appendFile?(path: string, text: string): Promise<void>
  /** A file's text in chunks, so a large suite is never held whole. @default readFile, one chunk */
  readFileChunks?(path: string): AsyncIterable<string>
  /** Standard error is a terminal: progress then redraws one line with `errRaw`. @default false */
  isTty?: boolean
  /** Writes to standard error as is, with no line end added. */
  errRaw?(text: string): void
  /** The environment variables (VCP_API_KEY). @default none */
  env?: Readonly<Record<string, string | undefined>>
}

/** The whole-file members every CliIo has, which the fallbacks use. */
export interface WholeFileIo {
  readFile(path: string): Promise<string>
  writeFile(path: string, text: string): Promise<void>
}

/** A file that could not be read, with its path, so the message can name it. */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot read ${path}: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
}

/** A file's chunks; a failure to read throws {@link UnreadableFileError} naming the path. */
export async function* fileChunks(io: EvalIo & WholeFileIo, path: string): AsyncGenerator<string> {
  try {
    if (io.readFileChunks) yield* io.readFileChunks(path)
    else yield await io.readFile(path)
  } catch (error) {
    throw error instanceof UnreadableFileError ? error : new UnreadableFileError(path, error)
  }
}

/**
 * Appends to a file, one call after the other even when callers do not wait for each other (the
 * live lane scores several replies at once): lines never interleave. Without `appendFile` the file
 * is read and written whole.
 */
export function createAppender(io: EvalIo & WholeFileIo, path: string): (text: string) => Promise<void> {
  let last: Promise<void> = Promise.resolve()
  const append = async (text: string): Promise<void> => {
    if (io.appendFile) return io.appendFile(path, text)
    const before = await io.readFile(path).catch(() => '')
    await io.writeFile(path, before + text)
  }
  return (text) => {
    const next = last.then(() => append(text))
    // A failure is reported to its caller; the chain goes on for the next.
    last = next.catch(() => undefined)
    return next
  }
}

/** The message of an error, for a line on standard error. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
