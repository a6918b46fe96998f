/**
 * Text made safe to hand to an API that takes HTML (a chart's tooltip): every character that
 * HTML gives a meaning to is written as an entity, and line breaks become `<br>`. Everything a
 * chart draws comes from data (file names, model names, tool names), and data is never markup.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string).replace(/\r?\n/g, '<br>')
}
