// The built ESM and CJS outputs, loaded side by side by Node in a child process, are two copies
// of this package in one process: they must still share the process's one path lock.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { builtEntryForThisFile } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

// Plain Node (no vitest, no source aliases). The ESM copy holds the lock alone; the CJS copy's
// request for a path must wait until it is released.
const probeScript = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const cjs = require('./index.cjs');
const esm = await import('./index.js');

const release = await esm.processPathLock().acquireExclusive();
let cjsHeld = false;
const waiting = cjs.processPathLock().acquire([process.cwd()]).then((releaseCjs) => {
  cjsHeld = true;
  releaseCjs();
});
for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
const heldBackWhileEsmHeld = !cjsHeld;
release();
await waiting;

let acceptsOtherCopysLock = true;
try {
  new cjs.ToolExecutor({
    lookup: () => undefined,
    permissions: { decide: () => ({ behavior: 'allow', reason: 'probe' }) },
    sessionId: 'probe',
    workspaceRoot: process.cwd(),
    pathLock: new esm.PathLock(),
  });
} catch {
  acceptsOtherCopysLock = false;
}

console.log(JSON.stringify({
  distinctCopies: cjs.PathLock !== esm.PathLock,
  sameLock: cjs.processPathLock() === esm.processPathLock(),
  heldBackWhileEsmHeld,
  heldAfterRelease: cjsHeld,
  acceptsOtherCopysLock,
}));
`;

// Its own dependencies bundled, the workspace packages imported: the two copies share only what
// a user's install would share.
const built = builtEntryForThisFile({
  packageDir,
  name: 'dual-build-lock',
  probes: { 'probe.mjs': probeScript },
  external: [/^@toolwright\//, '@streamparser/json', 'picomatch'],
});

it('the ESM and CJS builds loaded together share one process path lock, and take each other’s PathLock', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [join(built.directory, 'probe.mjs')], {
    cwd: built.directory,
  });
  expect(JSON.parse(stdout)).toEqual({
    distinctCopies: true,
    sameLock: true,
    heldBackWhileEsmHeld: true,
    heldAfterRelease: true,
    acceptsOtherCopysLock: true,
  });
});
