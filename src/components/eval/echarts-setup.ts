/**
 * ECharts with only what the Eval pane draws: heatmaps on a grid, with tooltips and a colour
 * scale, on canvas. This module is imported dynamically by the heatmap component, so ECharts comes
 * with the Eval pane's chunk and never with the first screen.
 */
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core'
import { HeatmapChart, type HeatmapSeriesOption } from 'echarts/charts'
import {
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  type GridComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer])

/** The options a heatmap of the pane takes. */
export type HeatmapOption = ComposeOption<
  HeatmapSeriesOption | GridComponentOption | TooltipComponentOption | VisualMapComponentOption
>

/** A chart drawn in `element`, in ECharts' dark theme when `dark`. */
export function createChart(element: HTMLElement, dark: boolean): EChartsType {
  return init(element, dark ? 'dark' : undefined, { renderer: 'canvas' })
}

/** A chart made by createChart. */
export type { EChartsType }
