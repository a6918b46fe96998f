/**
 * Reads every block of one kind (`TOOL_REQUEST`, `TOOL_RESULT`, ...) as raw fields.
 * Used where the request semantics of parse.ts are not wanted: results, encoding probes.
 */
import type { Diagnostic } from '../../types'
import { VcpScanner, type ScannedBlock } from './scanner'

export function scanVcpBlocks(text: string, blockName: string): { blocks: ScannedBlock[]; diagnostics: Diagnostic[] } {
  const blocks: ScannedBlock[] = []
  const diagnostics: Diagnostic[] = []
  const scanner = new VcpScanner(
    {
      blockOpen() {},
      fieldOpen() {},
      field() {},
      blockClose: (block) => blocks.push(block),
      diagnostic: (diagnostic) => diagnostics.push(diagnostic),
    },
    { blockName, proseDiagnostics: false },
  )
  scanner.feed(text)
  scanner.end()
  return { blocks, diagnostics }
}
