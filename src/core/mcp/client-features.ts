/**
 * What a server may ask of the workbench: a completion from a model (`sampling/createMessage`),
 * input from the person (`elicitation/create`, form mode) and the folders it may see
 * (`roots/list`). Each is declared as a capability only when the host gives its handler, so a
 * server never asks for what nobody answers. A handler that throws answers with a JSON-RPC error
 * carrying its message (a refusal says why); the context's signal aborts when the server stops
 * waiting (it sent `notifications/cancelled`, or the connection closed).
 */
import type { Client, ClientOptions } from '@modelcontextprotocol/sdk/client/index.js'
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'

/** A folder (or other URI) a server may see; `uri` is a `file://` URI. */
export interface McpRoot {
  uri: string
  name?: string
}

/** Who asks, and until when the answer is wanted. */
export interface McpRequestContext {
  /** The server's name in the configuration. */
  server: string
  /** Aborts when the server stops waiting or the connection closes. */
  signal: AbortSignal
}

/** A sampling request's parameters, as the server sent them. */
export type McpSamplingRequest = CreateMessageRequest['params']

/** The host's answers to what servers ask; each one left out is not declared to the server. */
export interface McpClientHandlers {
  /** Answers `sampling/createMessage`: a model's reply, or throws to refuse (the message says why). */
  sampling?(request: McpSamplingRequest, context: McpRequestContext): Promise<CreateMessageResult>
  /** Answers a form-mode `elicitation/create`: accept with content, decline or cancel. */
  elicitation?(request: ElicitRequestFormParams, context: McpRequestContext): Promise<ElicitResult>
  /** The roots the named server may see, answered to `roots/list` (sent on connect and on change). */
  roots?(server: string): readonly McpRoot[]
}

/** The capabilities to declare for these handlers. */
export function clientCapabilities(
  handlers: McpClientHandlers | undefined,
): NonNullable<ClientOptions['capabilities']> {
  return {
    ...(handlers?.sampling ? { sampling: {} } : {}),
    ...(handlers?.elicitation ? { elicitation: { form: {} } } : {}),
    ...(handlers?.roots ? { roots: { listChanged: true } } : {}),
  }
}

/** Wires the handlers into a client made with `clientCapabilities(handlers)`. */
export function answerServerRequests(client: Client, server: string, handlers: McpClientHandlers | undefined): void {
  const { sampling, elicitation, roots } = handlers ?? {}
  if (sampling)
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      sampling(request.params, { server, signal: extra.signal }),
    )
  if (elicitation)
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const params = request.params
      // Only form mode is declared; the SDK refuses URL mode before this is reached.
      if (params.mode === 'url') throw new Error('this client answers form elicitation only')
      return elicitation(params, { server, signal: extra.signal })
    })
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots(server).map((root) => ({ uri: root.uri, ...(root.name ? { name: root.name } : {}) })),
    }))
}
