import type { ParsedField, ParsedRequest } from '../../types'
import { scanVcpBlocks } from './blocks'
import { REQUEST_BLOCK } from './parse'

/**
 * The fields of a parsed VCP request with their positions in the original text. Computed on
 * demand from the raw block, so a parse of a long reply does not hold them for every request.
 */
export function requestFields(request: Pick<ParsedRequest, 'rawBlock' | 'start'>): ParsedField[] {
  const [block] = scanVcpBlocks(request.rawBlock, REQUEST_BLOCK).blocks
  if (!block) return []
  return block.fields.map((field) => ({
    ...field,
    offset: field.offset + request.start,
    valueStart: field.valueStart + request.start,
    valueEnd: field.valueEnd + request.start,
  }))
}
