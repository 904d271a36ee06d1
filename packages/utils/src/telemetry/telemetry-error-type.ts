/**
 * The `error.type` of a failure: a toolwright error's code (`timeout`, `permission_denied`), a
 * Node error's code (`ECONNRESET`), else the error's class name; `_OTHER` (the conventions' word
 * for an unknown class) for a thrown non-error. Never the message: a message may carry content.
 */
export function telemetryErrorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    if (typeof code === 'number') return String(code);
    if (error instanceof Error) return error.name;
  }
  return '_OTHER';
}
