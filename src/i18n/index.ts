import { createI18n } from 'vue-i18n'
import en from './en'
import zh from './zh'

export type MessageSchema = typeof en

export function createAppI18n(locale: 'en' | 'zh' = 'en') {
  return createI18n<[MessageSchema], 'en' | 'zh'>({ legacy: false, locale, fallbackLocale: 'en', messages: { en, zh } })
}
