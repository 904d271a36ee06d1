import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

/** The two Ajv classes the validator uses: draft-07 and 2020-12. */
interface AjvClasses {
  readonly Ajv: typeof Ajv;
  readonly Ajv2020: typeof Ajv2020;
}

let loaded: AjvClasses | undefined;

/**
 * Ajv, loaded on the first foreign schema compiled rather than with the package: it is most of
 * what importing `@toolwright/validation` used to cost (every package above pays it at start-up),
 * and a process that only runs TypeBox or Standard Schema tools never compiles a JSON Schema.
 * Ajv is CommonJS only, so `require` loads the one copy an `import` would have given, at the
 * moment the synchronous `parse` first needs it.
 */
export function loadAjv(): AjvClasses {
  if (loaded === undefined) {
    // Resolved from this file: `__filename` in the CommonJS build, `import.meta.url` in the ES one
    // (as typebox-034.ts does; a bare `require` would be the bundler's ESM stub, which refuses).
    const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    loaded = {
      Ajv: (require('ajv') as { Ajv: typeof Ajv }).Ajv,
      Ajv2020: (require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    };
  }
  return loaded;
}
