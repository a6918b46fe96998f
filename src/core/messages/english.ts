import { autoEn } from './en/auto'
import { collectionsEn } from './en/collections'
import { fixesEn } from './en/fixes'
import { jsonEn } from './en/json'
import { nativeJsonEn } from './en/native-json'
import { nativeOtherEn } from './en/native-other'
import { nativePythonicEn } from './en/native-pythonic'
import { nativeXmlEn } from './en/native-xml'
import { planEn } from './en/plan'
import { vcpEn } from './en/vcp'
import { commonEn } from './en/common'

/**
 * Every message the core writes, in English: the language it speaks by default. Ids are grouped
 * by where they are written (`vcp.`, `json.`, `native.`, `plan.`, `auto.`); a table for another
 * language must have exactly these ids (its type says so) and the same placeholders.
 */
export const englishMessages = {
  ...commonEn,
  ...vcpEn,
  ...jsonEn,
  ...autoEn,
  ...nativeJsonEn,
  ...nativeXmlEn,
  ...nativePythonicEn,
  ...nativeOtherEn,
  ...planEn,
  ...fixesEn,
  ...collectionsEn,
} as const

/** The id of a message the core writes. */
export type MessageId = keyof typeof englishMessages
