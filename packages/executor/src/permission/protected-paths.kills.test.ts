// Every protected entry, with the reason the user is shown, through matchProtectedPath and
// through the policy on real files. The tests walk the production table (PROTECTED_PATHS), so
// an entry added there is tested here without being listed twice; the mutation run found most
// entries of a hand-copied list guarded by no test.

import { readFileSync } from 'node:fs';
import { ToolKind } from '@toolwright/contracts';
import { detectSensitivePath } from '@toolwright/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callOn, pathTool } from '../test-support/policy-tools.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import type { PermissionDecision } from './permission-decision.js';
import { PermissionPolicy } from './permission-policy.js';
import { matchProtectedPath, PROTECTED_PATHS, type ProtectedPathEntry } from './protected-paths.js';

const ws = '/srv/ws';

/** A concrete relative path the entry covers: `*` spelled `x`, a directory entry with a file in it. */
function sample(entry: ProtectedPathEntry): string {
  const spelled = entry.pattern.replaceAll('*', 'x');
  return entry.kind === 'directory' ? `${spelled}/any/file.txt` : spelled;
}

const ENTRIES = PROTECTED_PATHS.map((entry) => [entry.pattern, entry] as const);

describe('matchProtectedPath names every protected file and directory with its reason', () => {
  it('the table is not empty and holds each pattern once', () => {
    expect(PROTECTED_PATHS.length).toBeGreaterThan(100);
    const patterns = PROTECTED_PATHS.map((entry) => entry.pattern.toLowerCase());
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it.each(ENTRIES)('%s, anywhere, in any case', (_pattern, entry) => {
    const relative = sample(entry);
    expect(matchProtectedPath(`${ws}/sub/${relative}`)).toEqual({
      path: `${ws}/sub/${relative}`,
      reason: entry.reason,
    });
    expect(matchProtectedPath(`${ws}/${relative.toUpperCase()}`)?.reason).toBe(entry.reason);
    if (entry.kind === 'directory') {
      expect(matchProtectedPath(`${ws}/${entry.pattern.replaceAll('*', 'x')}`)?.reason).toBe(entry.reason);
    } else if (!entry.pattern.includes('*')) {
      // A file entry covers that file, not a file next to it with a longer name.
      expect(matchProtectedPath(`${ws}/${relative}.orig`)).toBeUndefined();
    }
  });

  it('the README renders the whole table: every entry with its reason', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('<!-- protected-paths:start -->'),
      readme.indexOf('<!-- protected-paths:end -->'),
    );
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    for (const entry of PROTECTED_PATHS) {
      const shown = `\`${entry.pattern}${entry.kind === 'directory' ? '/' : ''}\``;
      const row = rows.find((line) =>
        line
          .split(' | ')[0]
          ?.split(', ')
          .some((cell) => cell.replace(/^\| /, '') === shown),
      );
      expect(row, shown).toBeDefined();
      expect(row?.endsWith(`| ${entry.reason} |`), shown).toBe(true);
    }
    expect(rows.flatMap((line) => (line.split(' | ')[0] ?? '').split(', '))).toHaveLength(
      PROTECTED_PATHS.length,
    );
  });

  it("a host's extra path wins over the built-in reason and covers only itself and what is below it", () => {
    expect(matchProtectedPath(`${ws}/.git/config`, [`${ws}/.git`])?.reason).toBe(
      'a file the host marked as protected',
    );
    expect(matchProtectedPath(`${ws}/state`, [`${ws}/state`, '/elsewhere'])?.reason).toBe(
      'a file the host marked as protected',
    );
    expect(matchProtectedPath(`${ws}/states`, [`${ws}/state`])).toBeUndefined();
  });
});

describe('the policy asks before a write to each of them, on real files, whatever the allow rules say', () => {
  let tree: TempWorkspace;
  beforeEach(() => {
    tree = makeTempWorkspace();
  });
  afterEach(() => {
    tree.remove();
  });

  const write = pathTool('Write', ToolKind.Write);
  const read = pathTool('Read', ToolKind.ReadOnly);

  it.each(ENTRIES)('%s', (_pattern, entry) => {
    const target = tree.file(`project/${sample(entry)}`, 'x');
    const policy = new PermissionPolicy({
      workspaceRoot: tree.workspace,
      allow: ['Write(**)', 'Read(**)'],
    });
    const decision = policy.decide({
      invocation: callOn(write, target),
      tool: write,
      mode: 'default',
    }) as PermissionDecision;
    if (detectSensitivePath(target)?.level === 'high') {
      // A secret is refused before the protected-file ask: writing it must not be easier than reading it.
      expect(decision.behavior).toBe('deny');
      return;
    }
    expect(decision).toMatchObject({ behavior: 'ask' });
    expect(decision.reason).toContain(`is protected (${entry.reason})`);
    // No allow rule can help, so none is suggested.
    expect(decision.suggestedRule).toBeUndefined();
    expect(decision.remedy).toContain('No allow rule permits writing a protected file');
    const reading = policy.decide({ invocation: callOn(read, target), tool: read, mode: 'default' });
    expect((reading as { reason: string }).reason).not.toContain('is protected');
  });
});
