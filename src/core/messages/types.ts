/**
 * A text a person reads, said as an id with parameters so that any language can render it. The core
 * builds English from it (`message` fields stay English); a user interface renders the same id with
 * its own table.
 */
export interface MessageRef {
  id: string
  params?: MessageParams
}

/** What a template fills in: names, quoted text and counts as written, or a nested message. */
export type MessageParam = string | number | MessageRef

/** A message's parameters by placeholder name. */
export type MessageParams = Readonly<Record<string, MessageParam>>

/** One language's templates: id → text with `{name}` placeholders (`{{` and `}}` for literal braces). */
export type MessageTable = Readonly<Record<string, string>>
