/** How the executor words anything a method, a formatter or an approver threw. */

/** The message of anything thrown: an Error's message (its name when empty), else the value as text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
