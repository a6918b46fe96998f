/** The ready-made `ReadVar` request a cut result ends with, in the syntax the model is using. */
import { renderVcpRequest } from '../protocols/vcp/render'
import { convertRequest } from '../protocols/convert'

/** The routing name of the `vars` tool's ReadVar method, which reads on past a cut. */
export const READ_VAR_TOOL = 'vars_ReadVar'

/**
 * `protocol`: a text protocol id, or 'native' for OpenAI function calling. `length` limits the
 * read (a cut ReadVar that asked for a length reads on only to the end of what it asked for).
 */
export function readOnRequest(protocol: string, name: string, start: number, length?: number): string | undefined {
  const typed: Record<string, string | number> = length === undefined ? { name, start } : { name, start, length }
  const args: Record<string, string> = Object.fromEntries(
    Object.entries(typed).map(([key, value]) => [key, String(value)]),
  )
  if (protocol === 'native') return `a call of ${READ_VAR_TOOL} with arguments ${JSON.stringify(typed)}`
  if (protocol === 'vcp') return renderVcpRequest({ toolName: READ_VAR_TOOL, args })
  try {
    return convertRequest({ toolName: READ_VAR_TOOL, args, arguments: typed }, protocol).text
  } catch {
    return undefined
  }
}
