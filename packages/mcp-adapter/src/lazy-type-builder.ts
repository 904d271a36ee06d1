import { createRequire } from 'node:module';
import type { JavaScriptTypeBuilder } from '@sinclair/typebox';

let loaded: JavaScriptTypeBuilder | undefined;

/**
 * TypeBox's `Type`, loaded when the helper tools (`createMcpContentTools`, `createMcpTaskTools`)
 * are first made rather than with the package: TypeBox costs about as much to load as the MCP
 * client itself, and most processes that import the adapter never make these tools. The load is
 * synchronous (the factories are), through `require`: TypeBox's CommonJS build, the copy
 * @toolwright/validation already loads to compile TypeBox schemas; schemas of either build work
 * alike (TypeBox marks kinds with `Symbol.for`).
 */
function typeBuilder(): JavaScriptTypeBuilder {
  if (loaded === undefined) {
    // Resolved from this file: `__filename` in the CommonJS build, `import.meta.url` in the ES one.
    // (A bare `require` would be replaced by the bundler's ESM stub, which refuses to load.)
    const load = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    loaded = (load('@sinclair/typebox') as { Type: JavaScriptTypeBuilder }).Type;
  }
  return loaded;
}

/** `Type` of `@sinclair/typebox`, loaded on first use. */
export const Type: JavaScriptTypeBuilder = new Proxy({} as JavaScriptTypeBuilder, {
  get: (_target, property) => {
    const builder = typeBuilder();
    const value = (builder as unknown as Record<PropertyKey, unknown>)[property];
    // The builder's methods call each other through `this`.
    return typeof value === 'function' ? value.bind(builder) : value;
  },
});
