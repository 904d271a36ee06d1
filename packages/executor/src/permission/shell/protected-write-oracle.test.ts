// Protected writes against the real thing: random command lines that write files, run by
// /bin/bash in a real workspace. Whenever one changed a protected file, the policy must have
// asked, even under a whole-tool allow rule.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bashTool } from '../../test-support/policy-tools.js';
import { makeTempWorkspace } from '../../test-support/temp-workspace.js';
import type { PermissionDecision } from '../permission-decision.js';
import { PermissionPolicy } from '../permission-policy.js';

const BASH = '/bin/bash';
const tree = makeTempWorkspace('tw-shell-writes-');

/** Puts the workspace back: a source file, a git directory with its config, no MCP config. */
function reset(): void {
  const { workspace } = tree;
  rmSync(join(workspace, '.mcp.json'), { force: true });
  rmSync(join(workspace, '.git'), { recursive: true, force: true });
  rmSync(join(workspace, 'sub'), { recursive: true, force: true });
  mkdirSync(join(workspace, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(workspace, 'sub'));
  writeFileSync(join(workspace, '.git', 'config'), 'original');
  writeFileSync(join(workspace, 'evil'), 'payload');
}

/** True when a protected file changed. */
function protectedChanged(): boolean {
  const { workspace } = tree;
  return (
    existsSync(join(workspace, '.mcp.json')) ||
    readFileSync(join(workspace, '.git', 'config'), 'utf8') !== 'original' ||
    existsSync(join(workspace, '.git', 'hooks', 'pre-commit')) ||
    existsSync(join(workspace, '.git', 'hooks', 'evil'))
  );
}

describe.skipIf(!existsSync(BASH))('writes into protected files, against bash', () => {
  it('every line that changed a protected file was asked about', () => {
    const policy = new PermissionPolicy({ workspaceRoot: tree.workspace, allow: ['Bash'] });
    const targets = fc.constantFrom(
      '.mcp.json',
      "'.mcp.json'",
      '".mc"p.json',
      "$'.mcp.json'",
      './sub/../.mcp.json',
      '.git/config',
      '.git/hooks/pre-commit',
      '.git/hooks',
      '.git/hooks/',
      '$F',
      '"$F"',
      '.mc?.json',
      '.git/conf*',
      '.mcp.{json,x}',
      '$(echo .mcp.json)',
      '~/../workspace/.mcp.json',
    );
    const writers = fc.constantFrom(
      (t: string) => `echo x > ${t}`,
      (t: string) => `echo x >> ${t}`,
      (t: string) => `echo x 2>&1 >${t}`,
      (t: string) => `echo x | tee ${t}`,
      (t: string) => `cp evil ${t}`,
      (t: string) => `cp -t ${t} evil`,
      (t: string) => `cp --target-directory=${t} evil`,
      (t: string) => `install -m 755 evil ${t}`,
      (t: string) => `ln -s evil ${t}`,
      (t: string) => `dd if=evil of=${t} status=none`,
      (t: string) => `touch ${t}`,
      (t: string) => `truncate -s 0 ${t}`,
      (t: string) => `sed -i s/original/changed/ ${t}`,
      (t: string) => `mv evil ${t}`,
      (t: string) => `sh -c 'echo x > ${t.replace(/'/g, '')}'`,
      (t: string) => `cd sub && echo x > ../${t}`,
      (t: string) => `cd .git && echo x > config # ${t}`,
      (t: string) => `env echo x > ${t}`,
      (t: string) => `echo x | sudo -n tee ${t} >/dev/null`,
    );
    let changed = 0;
    fc.assert(
      fc.property(writers, targets, (writer, target) => {
        const command = writer(target);
        reset();
        spawnSync(BASH, ['-c', command], {
          cwd: tree.workspace,
          env: { PATH: '/usr/bin:/bin', F: '.mcp.json', HOME: tree.workspace },
          timeout: 5000,
          input: '',
        });
        if (!protectedChanged()) return;
        changed += 1;
        const decision = policy.decide({
          invocation: bashTool.build({ command }),
          tool: bashTool,
          mode: 'default',
        }) as PermissionDecision;
        expect(decision.behavior, command).not.toBe('allow');
      }),
      { numRuns: 250 },
    );
    expect(changed).toBeGreaterThan(30);
    // No time limit: 250 runs of bash take as long as the machine needs (one spawn is killed
    // after 5 s, so the test still ends); a limit would fail a loaded machine, not the policy.
  }, 0);
});
