/**
 * Reads the parts of a Hugging Face `tokenizer_config.json` that rendering needs: the chat template
 * (one string, or a list of named ones such as `default` and `tool_use`) and the special tokens, as
 * transformers exposes them in `special_tokens_map` (a token may be written as a string or as an
 * AddedToken object `{"content": ...}`).
 */

/** The special tokens transformers puts in `special_tokens_map`, in its order. */
const SPECIAL_TOKEN_NAMES = [
  'bos_token',
  'eos_token',
  'unk_token',
  'sep_token',
  'pad_token',
  'cls_token',
  'mask_token',
  'additional_special_tokens',
] as const

export interface TokenizerConfig {
  /** The chat templates by name; a single template string is named `default`. */
  chatTemplates: Record<string, string>
  /** The special tokens that are set, as apply_chat_template passes them to the template. */
  specialTokens: Record<string, string | string[]>
}

export type TokenizerConfigResult = { ok: true; config: TokenizerConfig } | { ok: false; error: string }

export type ChatTemplateChoice = { ok: true; name: string; template: string } | { ok: false; error: string }

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

class ConfigError extends Error {}

/** A token as a string, from `"<s>"` or `{"content": "<s>", ...}`; undefined when not set. */
function tokenText(value: Json | undefined, where: string): string | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'string') return value
  if (isObject(value) && typeof value.content === 'string') return value.content
  throw new ConfigError(`${where} should be a string or an object with a string "content", not ${describe(value)}`)
}

function describe(value: Json): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object'
    ? 'an object without a string "content"'
    : `the ${typeof value} ${JSON.stringify(value)}`
}

function readTemplates(value: Json | undefined): Record<string, string> {
  if (value === undefined || value === null) return {}
  if (typeof value === 'string') return { default: value }
  if (!Array.isArray(value))
    throw new ConfigError(`chat_template should be a string or a list of {"name", "template"}, not ${describe(value)}`)
  const templates: Record<string, string> = {}
  value.forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.name !== 'string' || typeof entry.template !== 'string')
      throw new ConfigError(`chat_template[${i}] should be {"name": string, "template": string}`)
    if (Object.hasOwn(templates, entry.name)) throw new ConfigError(`chat_template names "${entry.name}" twice`)
    templates[entry.name] = entry.template
  })
  return templates
}

function readSpecialTokens(config: { [key: string]: Json }): Record<string, string | string[]> {
  const tokens: Record<string, string | string[]> = {}
  for (const name of SPECIAL_TOKEN_NAMES) {
    const value = config[name]
    if (name === 'additional_special_tokens') {
      if (value === undefined || value === null) continue
      if (!Array.isArray(value))
        throw new ConfigError(`additional_special_tokens should be a list, not ${describe(value)}`)
      const list = value.map((item, i) => tokenText(item, `additional_special_tokens[${i}]`) ?? '')
      if (list.length > 0) tokens[name] = list
      continue
    }
    const text = tokenText(value, name)
    // transformers leaves out a token that is not set (and an empty one: it is falsy there).
    if (text) tokens[name] = text
  }
  return tokens
}

/** Reads a `tokenizer_config.json` text; a problem comes back as a message naming the field. */
export function readTokenizerConfig(text: string): TokenizerConfigResult {
  let parsed: Json
  try {
    parsed = JSON.parse(text) as Json
  } catch (error) {
    return { ok: false, error: `tokenizer_config.json is not JSON: ${(error as Error).message}` }
  }
  if (!isObject(parsed))
    return { ok: false, error: `tokenizer_config.json should hold an object, not ${describe(parsed)}` }
  try {
    return {
      ok: true,
      config: { chatTemplates: readTemplates(parsed.chat_template), specialTokens: readSpecialTokens(parsed) },
    }
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error: error.message }
    throw error
  }
}

/**
 * The template apply_chat_template would use: the one named, else `tool_use` when tools are given and
 * there is one, else `default` (a single template string is that one).
 */
export function chooseChatTemplate(
  config: TokenizerConfig,
  options: { name?: string; withTools?: boolean } = {},
): ChatTemplateChoice {
  const names = Object.keys(config.chatTemplates)
  const pick = (name: string): ChatTemplateChoice => ({
    ok: true,
    name,
    template: config.chatTemplates[name] as string,
  })
  if (names.length === 0) return { ok: false, error: 'the tokenizer config has no chat_template' }
  if (options.name !== undefined) {
    if (Object.hasOwn(config.chatTemplates, options.name)) return pick(options.name)
    return { ok: false, error: `no chat template named "${options.name}"; there are: ${names.join(', ')}` }
  }
  if (options.withTools && Object.hasOwn(config.chatTemplates, 'tool_use')) return pick('tool_use')
  if (Object.hasOwn(config.chatTemplates, 'default')) return pick('default')
  return {
    ok: false,
    error: `the tokenizer config has several chat templates and none named "default"; name one of: ${names.join(', ')}`,
  }
}
