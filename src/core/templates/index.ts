/**
 * Chat templates: render a model's Jinja chat template exactly as transformers' apply_chat_template does.
 */
export { renderChatTemplate, type ChatTemplateInput, type RenderResult, type TemplateError } from './render'
export type { TemplateErrorKind } from './failure'
export { DEFAULT_LIMITS, type RenderLimits } from './limits'
