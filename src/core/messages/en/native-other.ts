/** Messages of this area, in English. */
export const nativeOtherEn = {} as const
