/** The Template view's jobs, off the page's main thread (see off-thread.ts). */
import { runJob, type LabJob } from './jobs'

export type WorkerMessage = { id: number; job: LabJob } | { id: number; cancel: true }

const running = new Set<number>()
const cancelled = new Set<number>()

/** Lets a cancel sent meanwhile arrive, then says whether this job was cancelled. */
function stopped(id: number): () => Promise<boolean> {
  return () => new Promise((resolve) => setTimeout(() => resolve(cancelled.has(id)), 0))
}

self.onmessage = async (event: MessageEvent<WorkerMessage>) => {
  const message = event.data
  if ('cancel' in message) {
    if (running.has(message.id)) cancelled.add(message.id)
    return
  }
  running.add(message.id)
  const result = await runJob(message.job, stopped(message.id))
  running.delete(message.id)
  cancelled.delete(message.id)
  self.postMessage({ id: message.id, result })
}
