/**
 * The system prompt a run sends: the agent's prompt, the tools prompt and today's date.
 * The date has no time of day, so the prompt stays byte-identical all day and providers'
 * prompt caches keep hitting.
 */

/** A date as `YYYY-MM-DD` in the local time zone. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * The agent's prompt, the tools prompt and `Today's date: YYYY-MM-DD.`, each trimmed, empty ones
 * left out, joined by blank lines.
 */
export function buildSystemPrompt(parts: { agentPrompt?: string; toolsPrompt?: string; today: Date }): string {
  const sections = [parts.agentPrompt?.trim(), parts.toolsPrompt?.trim(), `Today's date: ${localDate(parts.today)}.`]
  return sections.filter((section): section is string => Boolean(section)).join('\n\n')
}

/** Sent as a user message after the last allowed tool round. */
export function finalAnswerInstruction(maxIterations: number): string {
  return `[Tool round limit reached] You have used all ${maxIterations} tool rounds. Do not request any more tools: answer the user now with what you have.`
}

/** True for the message `finalAnswerInstruction` makes (e.g. for a scripted test server). */
export function isFinalAnswerInstruction(content: string | null): boolean {
  return typeof content === 'string' && content.startsWith('[Tool round limit reached]')
}
