/**
 * How far a render may go. Work is counted, not timed, so a template that loops forever stops at the
 * same point on every machine.
 */
import { limitError } from './failure'

export interface RenderLimits {
  /**
   * Longest template accepted, in characters; a longer one is refused before parsing.
   * @default 1_048_576
   */
  maxTemplateLength?: number
  /**
   * Work a render may do: one step per expression or statement evaluated, per loop iteration and per
   * item a filter visits. A 30-tool, 20-turn conversation through a large template takes under 200 000.
   * @default 5_000_000
   */
  maxSteps?: number
  /**
   * Longest output, in characters; also bounds any string or list built on the way.
   * @default 8_388_608
   */
  maxOutputLength?: number
  /**
   * Deepest nesting of macro calls (a recursive macro stops here).
   * @default 100
   */
  maxCallDepth?: number
}

export const DEFAULT_LIMITS: Required<RenderLimits> = {
  maxTemplateLength: 1_048_576,
  maxSteps: 5_000_000,
  maxOutputLength: 8_388_608,
  maxCallDepth: 100,
}

/** The work left to one render. */
export class Budget {
  private steps: number
  private depth = 0

  constructor(readonly limits: Required<RenderLimits>) {
    this.steps = limits.maxSteps
  }

  get sizeLimit(): number {
    return this.limits.maxOutputLength
  }

  get used(): number {
    return this.limits.maxSteps - this.steps
  }

  tick(count = 1): void {
    this.steps -= count
    if (this.steps < 0) throw limitError(`the render took more than ${this.limits.maxSteps} steps (maxSteps)`)
  }

  enter(): void {
    if (++this.depth > this.limits.maxCallDepth)
      throw limitError(`macro calls nested deeper than ${this.limits.maxCallDepth} (maxCallDepth)`)
  }

  leave(): void {
    this.depth--
  }
}
