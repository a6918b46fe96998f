/** DeepSeek V3's and V3.1's tool-call tokens (fullwidth `｜` and `▁`, not ASCII `|` and `_`). */

/** Opens the section of calls. */
export const SECTION_OPEN = '<｜tool▁calls▁begin｜>'
/** R1 checkpoints sometimes spell the opener otherwise; `<｜tool_calls_begin｜>` is Step-3's, not these. */
export const SECTION_OPEN_VARIANTS = ['<｜tool calls begin｜>', '<｜tool\\_calls\\_begin｜>', '<｜tool▁calls｜>']
/** Closes the section. */
export const SECTION_CLOSE = '<｜tool▁calls▁end｜>'
/** Opens one call. */
export const CALL_OPEN = '<｜tool▁call▁begin｜>'
/** Between a call's head (V3: its type, V3.1: its name) and the rest. */
export const SEP = '<｜tool▁sep｜>'
/** Closes one call. */
export const CALL_CLOSE = '<｜tool▁call▁end｜>'
/** How a V3 call begins after its `<｜tool▁call▁begin｜>`. */
export const V3_HEAD = 'function' + SEP
/** The code fence around V3's arguments. */
export const FENCE = '```'
