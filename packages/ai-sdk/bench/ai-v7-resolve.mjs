// Module resolution hooks for the bench under AI SDK 7: `ai` and its subpaths (`ai/test`,
// `ai/package.json`) resolve to the `ai-v7` dev alias, for the bench and the bridge's sources
// alike, as a user's install of ai 7 would give them. Registered by ai-v7-hooks.mjs.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'ai' || specifier.startsWith('ai/')) {
    return nextResolve(`ai-v7${specifier.slice('ai'.length)}`, context);
  }
  return nextResolve(specifier, context);
}
