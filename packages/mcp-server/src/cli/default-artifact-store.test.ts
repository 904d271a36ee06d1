import { chownSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDefaultArtifactStore, defaultArtifactRoot } from './default-artifact-store.js';

const uid = process.getuid?.() ?? 0;
const FOREIGN_UID = 12_345;
let base: string;

beforeEach(() => {
  base = makeTempDir('mcp-server-artifact-root');
});

function environment(env: Record<string, string | undefined>) {
  return { env, home: join(base, 'home'), uid };
}

describe('the bin default artifact root', () => {
  it('is a private directory in the user runtime directory when there is one', async () => {
    const runtime = join(base, 'run');
    mkdirSync(runtime, { mode: 0o700 });
    const root = defaultArtifactRoot(environment({ XDG_RUNTIME_DIR: runtime }));
    expect(root).toBe(join(runtime, 'toolwright-mcp-server'));
    const stats = lstatSync(root);
    expect(stats.isDirectory()).toBe(true);
    expect(stats.mode & 0o7777).toBe(0o700);
    expect(stats.uid).toBe(uid);
    // The store lives under it and works.
    const store = createDefaultArtifactStore(undefined, environment({ XDG_RUNTIME_DIR: runtime }));
    const artifact = await store.write({ kind: 'tool-output', bytes: 'hello', mimeType: 'text/plain' });
    expect(artifact.path.startsWith(`${root}/`)).toBe(true);
    await store.removeAll();
  });

  it('spills with a marker that names no read-back tool: clients read the linked resource instead', async () => {
    const store = createDefaultArtifactStore(join(base, 'artifacts'));
    const spilled = await store.spill('line\n'.repeat(10_000));
    expect(spilled.preview).toMatch(
      /\[… [\d,]+ bytes omitted — full output stored as artifact [0-9a-f]{64} \(text\/plain, 50,000 bytes\) …\]\n/,
    );
    expect(spilled.preview).not.toContain('ReadArtifact');
    await store.removeAll();
  });

  it('falls back to the state directory, then to ~/.local/state, creating each level 0700', () => {
    const state = join(base, 'state');
    expect(defaultArtifactRoot(environment({ XDG_STATE_HOME: state }))).toBe(
      join(state, 'toolwright', 'mcp-server'),
    );
    // A relative XDG path is ignored, as the XDG rules say.
    const root = defaultArtifactRoot(environment({ XDG_STATE_HOME: 'relative', XDG_RUNTIME_DIR: 'run' }));
    expect(root).toBe(join(base, 'home', '.local', 'state', 'toolwright', 'mcp-server'));
    for (const level of [
      '.local',
      '.local/state',
      '.local/state/toolwright',
      '.local/state/toolwright/mcp-server',
    ]) {
      expect(lstatSync(join(base, 'home', level)).mode & 0o7777).toBe(0o700);
    }
  });

  it('refuses a symbolic link planted where the directory goes', () => {
    const runtime = join(base, 'run');
    mkdirSync(runtime, { mode: 0o700 });
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, join(runtime, 'toolwright-mcp-server'));
    expect(() => defaultArtifactRoot(environment({ XDG_RUNTIME_DIR: runtime }))).toThrow(
      /Cannot use the default artifact directory .*toolwright-mcp-server: .*symbolic link.*--artifacts-dir/,
    );
  });

  // Changing an owner takes root: where the tests run as root, the owner checks are tested.
  it.skipIf(uid !== 0)('refuses a directory another user created first', () => {
    const state = join(base, 'state');
    mkdirSync(join(state, 'toolwright', 'mcp-server'), { recursive: true, mode: 0o700 });
    chownSync(join(state, 'toolwright', 'mcp-server'), FOREIGN_UID, FOREIGN_UID);
    expect(() => defaultArtifactRoot(environment({ XDG_STATE_HOME: state }))).toThrow(
      new RegExp(`mcp-server: .*owned by uid ${FOREIGN_UID}, not by uid 0.*--artifacts-dir`),
    );
    // A squatted parent is refused too: its owner could swap our directory.
    chownSync(join(state, 'toolwright'), FOREIGN_UID, FOREIGN_UID);
    expect(() => defaultArtifactRoot(environment({ XDG_STATE_HOME: state }))).toThrow(
      new RegExp(`owned by uid ${FOREIGN_UID}`),
    );
  });

  it.skipIf(uid !== 0)('does not use a runtime directory another user owns', () => {
    const runtime = join(base, 'run');
    mkdirSync(runtime, { mode: 0o700 });
    chownSync(runtime, FOREIGN_UID, FOREIGN_UID);
    const state = join(base, 'state');
    expect(defaultArtifactRoot(environment({ XDG_RUNTIME_DIR: runtime, XDG_STATE_HOME: state }))).toBe(
      join(state, 'toolwright', 'mcp-server'),
    );
  });
});
