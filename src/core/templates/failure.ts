/**
 * How rendering fails inside the engine: with the name of the Python exception transformers would
 * raise (so a test can compare raise with raise), a kind for the caller, and a position once known.
 */

/** What stopped a render. */
export type TemplateErrorKind =
  | 'syntax' // the template cannot be parsed (or names a filter or test that does not exist)
  | 'raised' // the template called raise_exception(...)
  | 'runtime' // evaluating it failed: an undefined value used, a type error, a refused operation
  | 'limit' // it was too large, or ran past a step, output or depth limit

export class TemplateFailure extends Error {
  /** Offset in the template source of the tag being evaluated, once known. */
  offset: number | undefined

  constructor(
    /** The Python exception transformers would raise: TypeError, UndefinedError, TemplateError... */
    readonly pythonType: string,
    message: string,
    readonly kind: TemplateErrorKind = 'runtime',
    offset?: number,
  ) {
    super(message)
    this.offset = offset
  }
}

export function typeError(message: string): TemplateFailure {
  return new TemplateFailure('TypeError', message)
}

export function valueError(message: string): TemplateFailure {
  return new TemplateFailure('ValueError', message)
}

export function limitError(message: string): TemplateFailure {
  return new TemplateFailure('LimitExceeded', message, 'limit')
}
