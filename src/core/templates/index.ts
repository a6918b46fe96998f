/**
 * Chat templates: render a model's Jinja chat template exactly as transformers' apply_chat_template
 * does, and read the template and special tokens from its tokenizer_config.json.
 */
export { renderChatTemplate, type ChatTemplateInput, type RenderResult, type TemplateError } from './render'
export type { TemplateErrorKind } from './failure'
export type { TemplateDialect } from './dialect'
export { DEFAULT_LIMITS, type RenderLimits } from './limits'
export { parseJsonAsPython, type PythonJson } from './python-json'
export {
  chooseChatTemplate,
  readTokenizerConfig,
  type ChatTemplateChoice,
  type TokenizerConfig,
  type TokenizerConfigResult,
} from './tokenizer-config'
export * from './analysis'
