/**
 * How far a render may go. Work is counted, not timed, so a template that loops forever stops at the
 * same point on every machine.
 *
 * How the default step budget was chosen. Counts first: a 30-tool, 20-turn conversation (the one
 * scripts/bench-template.ts builds, with tool-call arguments as objects and as JSON text) through every
 * vendored and fixture template takes at most 75 138 steps (Kimi-K3.jinja, which sorts every schema
 * with a recursive macro; then tool_chat_template_gemma4.jinja at 57 662 and Gemma 4 at 54 484), and
 * the default is about 20 times that. Then time: cost.ts prices work on values so that a step of any
 * kind takes about as long as a plain loop iteration, which is 70-120 ns in Node 20 on this 2-core
 * machine. Each of some hundred slow templates tried (a list or string grown in a loop and read each
 * time, a macro calling itself twice, dicts rebuilt, tojson, repr or equality of a value shared with
 * itself, escapes, splits, formats and dates on millions of characters) stops at 1 600 000 steps
 * within 1.0-2.1 times the loop's time a step: about 135-270 ms on this machine, where with
 * 5 000 000 steps and no size prices some ran for a minute.
 */
import { STEP_UNITS } from './cost'
import { limitError } from './failure'

export interface RenderLimits {
  /**
   * Longest template accepted, in characters; a longer one is refused before parsing.
   * @default 1_048_576
   */
  maxTemplateLength?: number
  /**
   * Work a render may do: one step per expression or statement evaluated and per loop iteration, and
   * work on values charged by size (cost.ts): a step is about 64 characters scanned, 4 items copied or
   * visited, or two thirds of a value walked or made. A 30-tool, 20-turn conversation takes at most
   * 75 138 through the vendored and fixture templates; see above for how the default was chosen.
   * @default 1_600_000
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
  maxSteps: 1_600_000,
  maxOutputLength: 8_388_608,
  maxCallDepth: 100,
}

/** The work left to one render, counted in the units cost.ts prices work in (a step is STEP_UNITS). */
export class Budget {
  private units: number
  private depth = 0

  constructor(readonly limits: Required<RenderLimits>) {
    this.units = limits.maxSteps * STEP_UNITS
  }

  get sizeLimit(): number {
    return this.limits.maxOutputLength
  }

  /** Steps spent so far, a part step rounded up; all of them once a charge was refused. */
  get used(): number {
    return Math.min(this.limits.maxSteps, Math.ceil((this.limits.maxSteps * STEP_UNITS - this.units) / STEP_UNITS))
  }

  tick(count = 1): void {
    this.charge(count * STEP_UNITS)
  }

  /** Spends `units` of work (cost.ts prices it); past the budget the render stops. */
  charge(units: number): void {
    this.units -= units
    if (this.units < 0) throw limitError(`the render took more than ${this.limits.maxSteps} steps (maxSteps)`)
  }

  enter(): void {
    if (++this.depth > this.limits.maxCallDepth)
      throw limitError(`macro calls nested deeper than ${this.limits.maxCallDepth} (maxCallDepth)`)
  }

  leave(): void {
    this.depth--
  }
}
