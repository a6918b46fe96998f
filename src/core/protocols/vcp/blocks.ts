/**
 * Reads every block of one kind (`TOOL_REQUEST`, `TOOL_RESULT`, ...) as raw fields.
 * Used where the request semantics of parse.ts are not wanted: results, encoding probes.
 */
import type { Diagnostic, ParsedField } from '../../types'
import { VcpScanner, type ScannedBlock } from './scanner'

export interface BlockWithFields extends ScannedBlock {
  fields: ParsedField[]
}

export function scanVcpBlocks(
  text: string,
  blockName: string,
): { blocks: BlockWithFields[]; diagnostics: Diagnostic[] } {
  const blocks: BlockWithFields[] = []
  let fields: ParsedField[] = []
  const diagnostics: Diagnostic[] = []
  const scanner = new VcpScanner(
    {
      blockOpen() {},
      field: (_index, key, value, offset, valueStart, valueEnd, escaped) =>
        fields.push({ key, value, offset, valueStart, valueEnd, escaped }),
      blockClose: (block) => {
        blocks.push({ ...block, fields })
        fields = []
      },
      diagnostic: (diagnostic) => diagnostics.push(diagnostic),
    },
    { blockName, proseDiagnostics: false },
  )
  scanner.feed(text)
  scanner.end()
  return { blocks, diagnostics }
}
