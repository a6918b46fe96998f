// The Node sandbox's worker thread: loads QuickJS (WebAssembly) and runs one piece of code in it.
// The thread is only there so the host can end a run it no longer waits for; the boundary is
// QuickJS itself, which gives the code no object of Node's.
import { parentPort, workerData } from 'node:worker_threads'
import variant from '@jitl/quickjs-singlefile-mjs-release-sync'
import { loadSandboxEngine, runInQuickJS } from '../sandbox/quickjs-driver.mjs'

const engine = await loadSandboxEngine(variant)
parentPort.postMessage(runInQuickJS(engine, workerData.prelude, workerData.code, workerData.limits))
