// Module resolution hooks: every `@opentelemetry/*` import fails as a missing package fails.
export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith('@opentelemetry/')) {
    const error = new Error(`Cannot find package '${specifier}' (hidden for the bench)`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}
