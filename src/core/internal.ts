/**
 * Helpers the workbench app shares with the core. Not part of the package's API (no entry exports
 * this module, and the index does not re-export it): generic code an embedding app has its own of.
 */
export { isRecord, setOwn } from './own-record'
export { textSize } from './text/text-size'
export { parseJsonInSlices } from './text/json-in-slices'
export { jsonPrefix } from './text/json-prefix'
