/**
 * The browser sandbox's Web Worker: loads QuickJS (WebAssembly) and runs one piece of code in it.
 * The worker is only there so the page stays responsive and can end a run; the boundary is QuickJS,
 * which gives the code no object of the browser's: no fetch, import(), FontFace, storage or DOM.
 */
import variant from '@jitl/quickjs-singlefile-browser-release-sync'
import { loadSandboxEngine, runInQuickJS, type QuickJSLimits } from '../sandbox/quickjs-driver.mjs'

interface RunMessage {
  code: string
  prelude: string
  limits: QuickJSLimits
}

const engine = loadSandboxEngine(variant)

self.onmessage = async (event: MessageEvent<RunMessage>) => {
  const { code, prelude, limits } = event.data
  self.postMessage(runInQuickJS(await engine, prelude, code, limits))
}
