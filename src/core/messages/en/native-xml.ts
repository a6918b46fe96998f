/** Messages of this area, in English. */
export const nativeXmlEn = {} as const
