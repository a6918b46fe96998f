/**
 * The raw completion calling mode: the conversation and tools rendered here with the model's own
 * chat template, sent as one prompt to `POST /completions`, and the text read with the format the
 * template asks for. The model's own format, with no server-side tool parser in the way, so a
 * server's parser can be compared with ours on the same model.
 */
import { DEFAULT_IDLE_TIMEOUT_MS, endpointUrl, redactSecret, type EndpointSettings } from '../chat/openai-client'
import { ChatRequestError, emptyCompletion, httpErrorMessage } from '../chat/errors'
import { connectionError, excerpt, safeText } from '../chat/endpoint-errors'
import { idleWatch } from '../chat/idle-watch'
import type { Completion, CompletionRequest, ModelClient } from '../chat/types'
import type { TemplateDialect } from '../templates'

/** A model's chat template, and the native format it was found to ask for (null: read with auto). */
export interface RawTemplate {
  /** The Jinja source, as transformers' `apply_chat_template` renders it. */
  text: string
  /** A native format id (`hermes`, `llama3-json`...), or null when none was inferred. */
  format: string | null
  /** `bos_token`, `eos_token`... as the model's tokenizer_config gives them. */
  specialTokens?: Record<string, string>
  /** Extra template variables (`enable_thinking`...). */
  variables?: Record<string, unknown>
  /** A label for messages: the vendored template's id or the file name. */
  label?: string
  /** Render as transformers does or with llama.cpp's relaxations (what inference found). @default 'transformers' */
  dialect?: TemplateDialect
}

/** The most tokens a raw completion may write when the endpoint's settings give no limit. */
const DEFAULT_RAW_MAX_TOKENS = 1024

/**
 * A ModelClient that renders each request with `template` and asks `POST /completions`; the reply's
 * text is the completion's content (no tool_calls: the caller reads them with the template's format).
 * The template engine loads on the first request, not before.
 */
export function createRawCompletionClient(
  settings: EndpointSettings,
  template: RawTemplate,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ModelClient {
  return {
    async complete(request: CompletionRequest, callbacks = {}): Promise<Completion> {
      const prompt = await renderPrompt(template, request)
      const url = endpointUrl(settings.baseUrl, '/completions')
      const body: Record<string, unknown> = {
        model: settings.model,
        prompt,
        max_tokens: settings.maxTokens ?? DEFAULT_RAW_MAX_TOKENS,
        stream: false,
      }
      if (settings.temperature !== undefined) body.temperature = settings.temperature
      if (settings.stop && settings.stop.length > 0) body.stop = settings.stop
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`
      const idle = idleWatch(settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, callbacks.signal)
      try {
        let response: Response
        try {
          response = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal: idle.signal })
        } catch (error) {
          if (idle.fired()) throw idle.error(url, emptyCompletion())
          throw await connectionError(error, url, callbacks.signal, fetchImpl)
        }
        const text = await safeText(response)
        if (!response.ok)
          throw new ChatRequestError(
            'http',
            httpErrorMessage(response.status, url, text),
            emptyCompletion(),
            response.status,
          )
        return completionOf(text, url)
      } catch (error) {
        if (error instanceof ChatRequestError && settings.apiKey)
          throw new ChatRequestError(
            error.kind,
            redactSecret(error.message, settings.apiKey),
            error.partial,
            error.status,
          )
        throw error
      } finally {
        idle.stop()
      }
    },
  }
}

/** The prompt the model sees: the request rendered with its template, with the generation prompt. */
export async function renderPrompt(template: RawTemplate, request: CompletionRequest): Promise<string> {
  const { renderChatTemplate } = await import('../templates')
  const rendered = renderChatTemplate(template.text, {
    messages: request.messages,
    ...(request.tools ? { tools: request.tools } : {}),
    addGenerationPrompt: true,
    ...(template.specialTokens ? { specialTokens: template.specialTokens } : {}),
    ...(template.variables ? { variables: template.variables } : {}),
    ...(template.dialect ? { dialect: template.dialect } : {}),
  })
  if (rendered.ok) return rendered.text
  const { error } = rendered
  const where =
    error.line !== undefined
      ? ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''})`
      : ''
  throw new ChatRequestError(
    'malformed',
    `The chat template${template.label ? ` ${template.label}` : ''} could not render this conversation${where}: ${error.message}`,
  )
}

/** A `/completions` answer's text: `choices[0].text`, with its finish reason and usage. */
function completionOf(text: string, url: string): Completion {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatRequestError('malformed', `${url} did not answer with JSON. It began: ${excerpt(text)}`)
  }
  const choice = (parsed as { choices?: unknown } | null)?.choices
  const first = Array.isArray(choice)
    ? (choice[0] as { text?: unknown; finish_reason?: unknown } | undefined)
    : undefined
  if (typeof first?.text !== 'string')
    throw new ChatRequestError(
      'malformed',
      `${url} answered without choices[0].text; does the server offer the completions API? It began: ${excerpt(text)}`,
    )
  const completion: Completion = { content: first.text, toolCalls: [] }
  if (typeof first.finish_reason === 'string') completion.finishReason = first.finish_reason
  return completion
}
