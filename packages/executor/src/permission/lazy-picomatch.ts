import { createRequire } from 'node:module';
import type picomatch from 'picomatch';

type Picomatch = typeof picomatch;

let loaded: Picomatch | undefined;

/**
 * A matcher of one glob, made by picomatch, which loads with the first rule that has a glob
 * rather than with the package: importing the executor from an ES module otherwise paid for
 * picomatch and for Node's reading of a CommonJS module's exports (about a quarter of the
 * import), and a policy whose rules name only tools and literal paths never needs it. picomatch is
 * CommonJS only, so `require` loads the one copy an `import` would have given, at the moment the
 * synchronous rule parser first needs it.
 */
export function globMatcher(glob: string, options: picomatch.PicomatchOptions): (path: string) => boolean {
  if (loaded === undefined) {
    // Resolved from this file: `__filename` in the CommonJS build, `import.meta.url` in the ES one
    // (a bare `require` would be the bundler's ESM stub, which refuses).
    const load = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    loaded = load('picomatch') as Picomatch;
  }
  return loaded(glob, options);
}
