import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = '@toolwright/mcp-server';

/**
 * The version in this package's own package.json, found by walking up from the running bin
 * (`process.argv[1]`, through the `node_modules/.bin` link). Read when asked rather than baked
 * in at build time, so `--version` names the copy that really runs, and works from the built
 * `dist/bin.js` and from a test's bundle of the sources alike. Never throws: a bin that cannot
 * find its manifest still starts, and says so in place of a version.
 */
export function ownPackageVersion(binPath: string | undefined = process.argv[1]): string {
  if (binPath === undefined) return 'unknown (no bin path in process.argv)';
  let directory: string;
  try {
    directory = dirname(realpathSync(binPath));
  } catch {
    return `unknown (cannot resolve ${binPath})`;
  }
  for (;;) {
    const manifest = readManifest(join(directory, 'package.json'));
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    const parent = dirname(directory);
    if (parent === directory) return `unknown (no package.json of ${PACKAGE_NAME} above ${binPath})`;
    directory = parent;
  }
}

function readManifest(path: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}
