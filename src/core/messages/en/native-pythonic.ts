/** Messages of this area, in English. */
export const nativePythonicEn = {} as const
