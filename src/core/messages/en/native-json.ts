/** Messages of this area, in English. */
export const nativeJsonEn = {} as const
