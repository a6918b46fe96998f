/** The ready-made `ReadVar` request a cut result ends with, in the syntax the model is using. */
import { renderVcpRequest } from '../protocols/vcp/render'
import { convertRequest } from '../protocols/convert'

export const READ_VAR_TOOL = 'vars_ReadVar'

/** `protocol`: a text protocol id, or 'native' for OpenAI function calling. */
export function readOnRequest(protocol: string, name: string, start: number): string | undefined {
  if (protocol === 'native') return `a call of ${READ_VAR_TOOL} with arguments ${JSON.stringify({ name, start })}`
  if (protocol === 'vcp') return renderVcpRequest({ toolName: READ_VAR_TOOL, args: { name, start: String(start) } })
  try {
    return convertRequest({ toolName: READ_VAR_TOOL, args: { name, start: String(start) }, arguments: { name, start } }, protocol).text
  } catch {
    return undefined
  }
}
