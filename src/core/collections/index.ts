/**
 * Saved calls in named collections: the file format (read as untrusted input, written for export)
 * and how imported collections join the kept ones. Plain TypeScript for the browser and Node.
 */
export {
  checkCollection,
  checkSavedCall,
  COLLECTION_FORMAT,
  COLLECTION_VERSION,
  COLLECTIONS_FORMAT,
  MAX_NAME_LENGTH,
  nameProblem,
  problemOwner,
  problemText,
  readCollectionData,
  readCollectionFile,
  writeCollectionFile,
  type CallCollection,
  type CollectionProblem,
  type CollectionReading,
  type SavedCall,
} from './format'
export {
  findCall,
  findClashes,
  mergeCollections,
  uniqueName,
  type ClashMode,
  type FoundCall,
  type MergeResult,
  type NameClash,
} from './merge'
