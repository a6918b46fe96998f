/** A text's size as a person counts it: characters (code points, so an emoji is one) and lines. */
export function textSize(text: string): { characters: number; lines: number } {
  const pairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0
  return { characters: text.length - pairs, lines: text.split('\n').length }
}
