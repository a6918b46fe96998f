/** What the page says while it is still loading, in Chinese (the `firstVisit` part of zh.ts); the keys are those of first-visit-en.ts. */
import type firstVisitEn from './first-visit-en'

const firstVisitZh: typeof firstVisitEn = {
  loadingPane: '正在加载{pane}…',
  editorLabel: '代码编辑器（加载完成前为纯文本框）',
  editorFallback: '代码编辑器未能加载，这里改用纯文本框。原因：{reason}',
  unknownReason: '未知错误',
}

export default firstVisitZh
