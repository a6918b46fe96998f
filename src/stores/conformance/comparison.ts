/**
 * Two kept runs side by side (two servers of one run, or one server before and after a change):
 * a row per check id with both statuses, the rows that differ marked.
 */
import { computed, ref, type ComputedRef, type Ref } from 'vue'
import { compareReports, type ComparisonRow, type ConformanceReport } from '../../core/conformance'
import type { ConformanceRunRecord } from '../../persistence/conformance-runs'
import type { ConformanceHistoryReturn } from './run-history'

export type { ComparisonRow } from '../../core/conformance'

/** What useComparison returns. */
export interface ComparisonReturn {
  /** The runs compared, by id; null while not chosen. */
  leftId: Ref<string | null>
  rightId: Ref<string | null>
  left: ComputedRef<ConformanceRunRecord | undefined>
  right: ComputedRef<ConformanceRunRecord | undefined>
  /** Differing rows first, each part in the order of the left run's checks; empty until both runs are chosen. */
  rows: ComputedRef<ComparisonRow[]>
  differing: ComputedRef<number>
  /** Compares these two runs. */
  choose(leftId: string | null, rightId: string | null): void
}

/** The checks of a kept run as a report (comparing reads only its checks). */
function headOnly(run: ConformanceRunRecord): ConformanceReport {
  return { ...run.report, exchanges: [] }
}

export function useComparison(history: Pick<ConformanceHistoryReturn, 'runs'>): ComparisonReturn {
  const leftId = ref<string | null>(null)
  const rightId = ref<string | null>(null)
  const find = (id: string | null) => (id === null ? undefined : history.runs.value.find((r) => r.id === id))
  const left = computed(() => find(leftId.value))
  const right = computed(() => find(rightId.value))
  const rows = computed(() => {
    if (!left.value || !right.value) return []
    const compared = compareReports(headOnly(left.value), headOnly(right.value))
    return [...compared.filter((row) => row.differs), ...compared.filter((row) => !row.differs)]
  })
  return {
    leftId,
    rightId,
    left,
    right,
    rows,
    differing: computed(() => rows.value.filter((r) => r.differs).length),
    choose(a, b) {
      leftId.value = a
      rightId.value = b
    },
  }
}
