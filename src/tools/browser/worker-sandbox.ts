/**
 * The browser sandbox: each run gets a fresh Web Worker (no DOM, no access to the page). Before
 * the code runs, the worker removes what could reach beyond it: network, storage (IndexedDB,
 * caches, OPFS through navigator), nested workers and script imports. It is terminated at the
 * timeout whatever the code does.
 */
import { readSandboxReport, SANDBOX_PRELUDE, superviseRun, type SandboxRunner } from '../sandbox/runner'

const REMOVED_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'BroadcastChannel',
  'indexedDB',
  'caches',
  'navigator',
  'importScripts',
  'Worker',
  'SharedWorker',
  'RTCPeerConnection',
  'postMessage',
  'onmessage',
  'close',
]

const WORKER_SOURCE = `
'use strict';
const post = self.postMessage.bind(self);
const removed = ${JSON.stringify(REMOVED_GLOBALS)};
let first = true;
self.onmessage = (event) => {
  if (!first) return;
  first = false;
  for (const name of removed) {
    for (let o = self; o; o = Object.getPrototypeOf(o)) {
      try { delete o[name]; } catch (e) {}
    }
    try { Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false }); } catch (e) {}
  }
  const run = ${SANDBOX_PRELUDE};
  let report;
  try { report = run(String(event.data)); } catch (e) { report = JSON.stringify({ ok: false, error: 'the sandbox could not run the code', logs: [] }); }
  Promise.resolve(report).then((text) => post(typeof text === 'string' ? text : ''));
};
`

export function createBrowserSandboxRunner(): SandboxRunner {
  let url: string | null = null
  return {
    isolation: 'a Web Worker with network and storage removed',
    run(code, options) {
      return superviseRun(options, (settle) => {
        url ??= URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }))
        const worker = new Worker(url)
        worker.onmessage = (event: MessageEvent<unknown>) => settle(readSandboxReport(event.data))
        worker.onerror = (event) => {
          event.preventDefault()
          settle({ ok: false, error: `the sandbox crashed: ${event.message}`, logs: [] })
        }
        worker.postMessage(code)
        return () => worker.terminate()
      })
    },
  }
}
