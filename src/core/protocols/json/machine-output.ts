/**
 * What the JSON paradigm machine has found so far: the requests, the diagnostics, and the events
 * of the feed under way, with the line index that gives every diagnostic its line and column.
 */
import type { Diagnostic, DiagnosticSeverity, ParsedRequest } from '../../types'
import type { StreamEvent } from '../protocol'
import { LineIndex } from '../../text/line-index'
import type { SaidMessage } from '../../messages/say'

export const NO_EVENTS: StreamEvent[] = Object.freeze([]) as unknown as StreamEvent[]

/** Requests, diagnostics and events of one parse; `events` holds only those of the current feed. */
export class MachineOutput {
  readonly lines = new LineIndex()
  readonly requests: ParsedRequest[] = []
  readonly diagnostics: Diagnostic[] = []
  /** Events of the current feed; null until the first one (most feeds have none). */
  events: StreamEvent[] | null = null
  /** The last character handed over, which decides where the end of the text sits. */
  lastChar = ''

  /** Records an event of the current feed. */
  emit(event: StreamEvent): void {
    ;(this.events ??= []).push(event)
  }

  /** Records a diagnostic saying `said` at text offset `at` and emits it; returns it for the request it belongs to. */
  diagnostic(severity: DiagnosticSeverity, code: string, said: SaidMessage, at: number, length = 0): Diagnostic {
    const { line, column } = this.position(at)
    const d: Diagnostic = { severity, code, ...said, offset: at, length, line, column }
    this.diagnostics.push(d)
    this.emit({ type: 'diagnostic', diagnostic: d })
    return d
  }

  /** Line and column of an offset, the end of the text included. */
  private position(at: number): { line: number; column: number } {
    const lines = this.lines
    if (at < lines.end) return lines.position(at)
    if (lines.end === 0) return { line: 1, column: 1 }
    const last = lines.position(lines.end - 1)
    return this.lastChar === '\n'
      ? { line: last.line + 1, column: 1 + at - lines.end }
      : { line: last.line, column: last.column + 1 + at - lines.end }
  }
}
