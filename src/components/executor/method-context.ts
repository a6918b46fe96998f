/** The method whose form is open, for its fields to find their texts in the interface's language. */
import type { ComputedRef, InjectionKey } from 'vue'

/** Which tool and method a parameter field belongs to (null when none is chosen). */
export type FormMethod = ComputedRef<{ toolId: string; method: string } | null>

/** Provided by the Executor pane, injected by every parameter field, nested ones included. */
export const FORM_METHOD: InjectionKey<FormMethod> = Symbol('executor-form-method')

/** A field's path as the tool texts key it: list items are `[]`, whatever their index. */
export function textPath(path: string): string {
  return path.replace(/\[\d+\]/g, '[]')
}
