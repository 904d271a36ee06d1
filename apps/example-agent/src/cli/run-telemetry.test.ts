import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOtlpReceiver } from '@toolwright/test-support/otlp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

const directory = makeTemporaryDirectory('run-telemetry');
const workspace = join(directory.path, 'workspace');
const home = join(directory.path, 'home');
const scenario = join(directory.path, 'scenario.json');

beforeAll(() => {
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(workspace, 'notes.md'), 'hello from the notes\n');
  writeFileSync(
    scenario,
    JSON.stringify({
      name: 'telemetry',
      turns: [
        {
          text: 'Reading.',
          toolCalls: [
            { name: 'Read', arguments: { file_path: 'notes.md' } },
            { name: 'Glob', arguments: { pattern: '*.md' } },
          ],
        },
        { text: 'Done.' },
      ],
    }),
  );
});
afterAll(async () => {
  directory.remove();
  await removeCliUnderTest();
});

/** `run --otel` of the scenario, exporting to `endpoint`. */
function runOtel(endpoint: string, env: Record<string, string> = {}) {
  return runCli(['run', 'read the notes', '--scenario', scenario, '--no-mcp', '--otel'], {
    cwd: workspace,
    home,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, ...env },
  });
}

describe('run --otel', () => {
  it('exports the turn, its model requests and its tool calls as one trace, with the service name, and the request metric', async () => {
    const collector = await startOtlpReceiver();
    try {
      const result = await runOtel(collector.endpoint);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const turn = collector.spans.find((span) => span.name === 'invoke_agent toolwright-agent');
      expect(turn).toBeDefined();
      expect(turn?.parentSpanId).toBeUndefined();
      expect(turn?.attributes).toMatchObject({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'toolwright-agent',
        'gen_ai.provider.name': 'toolwright.scripted',
      });
      expect(turn?.attributes['gen_ai.conversation.id']).toMatch(/\S/);
      const chats = collector.spans.filter((span) => span.name.startsWith('chat '));
      expect(chats).toHaveLength(2);
      for (const chat of chats) {
        expect(chat.parentSpanId).toBe(turn?.spanId);
        // CLIENT is 3 in OTLP (the API's 2, plus one).
        expect(chat.kind).toBe(3);
        expect(chat.attributes['gen_ai.operation.name']).toBe('chat');
      }
      // One trace, one service: every span the run exported, tool calls included.
      expect(new Set(collector.spans.map((span) => span.traceId))).toEqual(new Set([turn?.traceId]));
      expect(new Set(collector.spans.map((span) => span.serviceName))).toEqual(new Set(['toolwright-agent']));
      // The executor's spans: each tool call is a child of the turn, in the same trace.
      const tools = collector.spans.filter((span) => span.name.startsWith('execute_tool '));
      expect(tools.map((span) => span.name).sort()).toEqual(['execute_tool Glob', 'execute_tool Read']);
      for (const tool of tools) expect(tool.parentSpanId).toBe(turn?.spanId);
      expect(collector.metrics).toContain('gen_ai.client.operation.duration');
      // Every export was OTLP/HTTP JSON to a known path: nothing refused.
      expect(collector.refused).toEqual([]);
    } finally {
      await collector.close();
    }
  });

  it('names the service OTEL_SERVICE_NAME says', async () => {
    const collector = await startOtlpReceiver();
    try {
      const result = await runOtel(collector.endpoint, { OTEL_SERVICE_NAME: 'my-agent' });
      expect(result.code).toBe(0);
      expect(collector.spans.length).toBeGreaterThan(0);
      expect(new Set(collector.spans.map((span) => span.serviceName))).toEqual(new Set(['my-agent']));
    } finally {
      await collector.close();
    }
  });

  it('says on stderr when the endpoint cannot be reached, and the run still succeeds', async () => {
    const collector = await startOtlpReceiver();
    const endpoint = collector.endpoint;
    await collector.close();
    const result = await runOtel(endpoint);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^toolwright-agent: telemetry: /m);
  });
});

describe('run --trace', () => {
  it('prints the waterfall of the turn after the run, in plain ASCII off a terminal', async () => {
    const result = await runCli(['run', 'read the notes', '--scenario', scenario, '--no-mcp', '--trace'], {
      cwd: workspace,
      home,
      env: { COLUMNS: '90' },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const header = lines.findIndex((line) => /^trace [0-9a-f]{32}: \S+, \d+ spans$/.test(line));
    expect(header).toBeGreaterThan(lines.findIndex((line) => line.startsWith('done in 2 turns')));
    const rows = lines.slice(header + 1).filter((line) => line.includes('|'));
    expect(rows[0]).toMatch(/^invoke_agent toolwright-agent +\|=+\| +\S+$/);
    expect(rows.filter((row) => /^ {2}chat scripted:telemetry +\|/.test(row))).toHaveLength(2);
    for (const line of lines.slice(header)) {
      expect(line.length).toBeLessThanOrEqual(90);
      expect(line).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('writes the spans as one trace record with --json', async () => {
    const result = await runCli(
      ['run', 'read the notes', '--scenario', scenario, '--no-mcp', '--trace', '--json'],
      {
        cwd: workspace,
        home,
      },
    );
    expect(result.code).toBe(0);
    const records = result.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            type: string;
            traceId?: string;
            spans?: Array<{ traceId: string; name: string }>;
          },
      );
    const trace = records.find((record) => record.type === 'trace');
    expect(trace?.spans?.map((span) => span.name)).toContain('invoke_agent toolwright-agent');
    expect(trace?.spans?.every((span) => span.traceId === trace.traceId)).toBe(true);
  });
});
