import type { MessageId } from './english'
import { autoZh } from './zh/auto'
import { commonZh } from './zh/common'
import { collectionsZh } from './zh/collections'
import { fixesZh } from './zh/fixes'
import { jsonZh } from './zh/json'
import { nativeJsonZh } from './zh/native-json'
import { nativeOtherZh } from './zh/native-other'
import { nativePythonicZh } from './zh/native-pythonic'
import { nativeXmlZh } from './zh/native-xml'
import { planZh } from './zh/plan'
import { vcpZh } from './zh/vcp'

/** Every message the core writes, in Chinese (Simplified), with the English table's ids and placeholders. */
export const chineseMessages: Readonly<Record<MessageId, string>> = {
  ...commonZh,
  ...vcpZh,
  ...jsonZh,
  ...autoZh,
  ...nativeJsonZh,
  ...nativeXmlZh,
  ...nativePythonicZh,
  ...nativeOtherZh,
  ...planZh,
  ...fixesZh,
  ...collectionsZh,
}
