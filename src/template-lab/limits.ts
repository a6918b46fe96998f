/**
 * The Template view's sizes, apart from the renderer so the page can check them without loading it.
 */

/** The longest template the renderer takes (its `maxTemplateLength`): a longer one is refused up front. */
export const MAX_TEMPLATE_LENGTH = 1_048_576

/** The largest tokenizer_config.json read from a file. */
export const MAX_FILE_BYTES = 8 * 1_048_576

/** A prompt longer than this is shown cut (the rest is still copied and diffed). */
export const SHOWN_PROMPT_CHARS = 400_000
