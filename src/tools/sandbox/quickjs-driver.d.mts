import type { QuickJSSyncVariant, QuickJSWASMModule } from 'quickjs-emscripten-core'

export interface QuickJSLimits {
  timeoutMs: number
  memoryBytes: number
  stackBytes: number
}

export declare const SANDBOX_MEMORY_BYTES: number
export declare const SANDBOX_STACK_BYTES: number
export declare const SANDBOX_HEAP_BYTES: number

export interface SandboxEngine {
  QuickJS: QuickJSWASMModule
  /** The engine's WebAssembly heap, capped at SANDBOX_HEAP_BYTES. */
  heap: WebAssembly.Memory
}

/** Loads one engine from a QuickJS build (a sync variant) on a heap of its own. */
export declare function loadSandboxEngine(variant: QuickJSSyncVariant): Promise<SandboxEngine>

/** Evaluates `code` in a fresh QuickJS runtime within `limits`; returns the report as JSON. */
export declare function runInQuickJS(
  engine: SandboxEngine,
  prelude: string,
  code: string,
  limits: QuickJSLimits,
): string
