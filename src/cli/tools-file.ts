/** `--tools FILE` of `vcp parse`: the tool definitions a model was offered, read from a JSON file. */
import type { CliIo } from './vcp'

/** The --tools file: an array of tool definitions, or an object with one under "tools"; a string says why not. */
export async function readToolsFile(path: string, io: Pick<CliIo, 'readFile'>): Promise<unknown[] | string> {
  let text: string
  try {
    text = await io.readFile(path)
  } catch (error) {
    return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray((value as { tools?: unknown }).tools)
  )
    value = (value as { tools: unknown[] }).tools
  if (!Array.isArray(value)) return `${path} must hold a JSON array of tool definitions (or {"tools": [...]})`
  return value
}
