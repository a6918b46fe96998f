/**
 * A file's text as chunks, decoded as it streams: a suite of ten thousand cases is read without
 * holding the file whole, and the lab's readers take the chunks as they come.
 */

/** The text of a Blob (a File), UTF-8 decoded chunk by chunk; a read error rejects the iteration. */
export async function* textChunksOf(blob: Blob): AsyncGenerator<string> {
  const reader = blob.stream().pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    // Stopped early (a newer file was chosen): the rest of the file is not read.
    await reader.cancel().catch(() => undefined)
  }
}

/** A pause that lets the page draw (a count going up) between long runs of synchronous work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
