/** Messages of this area, in English. */
export const vcpEn = {} as const
