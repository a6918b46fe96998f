/** The cells a heatmap draws, as the pane's charts build them. */

/** One cell: its column (x) and row (y), its value on the scale, and the words on and over it. */
export interface HeatCell {
  x: number
  y: number
  value: number
  /** Written on the cell. */
  label: string
  /** Shown when the pointer is over the cell. */
  tooltip: string
}
