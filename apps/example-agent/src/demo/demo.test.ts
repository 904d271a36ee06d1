import { afterAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { runDemo } from './run-demo.js';

afterAll(removeCliUnderTest);

/**
 * Reads the transcript top to bottom: a result line (`<- Name`) must find an earlier call line
 * (`-> Name {args}`) of that tool of the same turn not yet answered. Within a turn, a call's line
 * is printed once, so as many results as call lines.
 */
function expectEachCallShownBeforeItsResult(transcript: string): void {
  let waiting = new Map<string, number>();
  let results = 0;
  for (const line of transcript.split('\n')) {
    if (/^\[turn \d+\]/.test(line)) {
      expect(
        [...waiting].filter(([, count]) => count !== 0),
        `calls never answered before: ${line}`,
      ).toEqual([]);
      waiting = new Map();
      continue;
    }
    const call = /^ {2}-> (\S+) [[{"]/.exec(line);
    if (call?.[1] !== undefined) waiting.set(call[1], (waiting.get(call[1]) ?? 0) + 1);
    const result = /^ {2}<- (\S+) /.exec(line);
    if (result?.[1] !== undefined) {
      results += 1;
      const open = waiting.get(result[1]) ?? 0;
      expect(open, `the result "${line.trim()}" came before any line that shows the call`).toBeGreaterThan(0);
      waiting.set(result[1], open - 1);
    }
  }
  expect(results).toBeGreaterThan(20);
}

describe('demo', () => {
  it('walks through every step with real MCP servers, no key and no network, in under 30 seconds', async () => {
    let output = '';
    const report = await runDemo({ sink: { write: (text: string) => (output += text) } });

    // The test's own timeout is 90 s, so this 30 s budget is what fails a slow demo.
    expect(report.elapsedMs).toBeLessThan(30_000);
    // Every scripted turn checked the real outcome of the previous one before it played.
    expect(report.turns).toBe(16);
    expect(report.finalText).toContain('Done');
    // The two edits of one file in one shared batch both landed.
    expect(report.editedSource).toBe("export const greeting = 'hello';\nconsole.log(greeting);\n");
    // The image and the spilled log are in the artifact store.
    expect(report.artifacts).toBeGreaterThanOrEqual(2);

    expect(output).toMatch(/everything: connected, \d+ tools/);
    expect(output).toMatch(/filesystem: connected, \d+ tools/);
    for (const target of ['anthropic', 'openai-chat', 'openai-responses', 'gemini']) {
      expect(output).toMatch(
        new RegExp(`${target} \\(default mode\\): \\d+ schemas ~\\d+ tokens; \\d+ deferred by name only`),
      );
    }
    expect(output).toContain('batch');
    expect(output).toContain('shared, 4 calls together');
    expect(output).toContain('coerced /limit');
    // A deferred tool called before ToolSearch loaded it is refused with its own status.
    expect(output).toContain('mcp__everything__get-tiny-image NOT LOADED');
    expect(output).toContain('image/png');
    expect(output).toContain('output spilled');
    // The spilled log read back with the call its marker named: a search, then a page of it.
    expect(output).toMatch(/ReadArtifact \{"id":"[0-9a-f]{64}","pattern":"step 0600"\}/);
    expect(output).toContain('… 600 more lines (of 1,201); continue with offset 602');
    // The adapter's helper tools, one of each: a resource, a prompt, a task.
    expect(output).toContain('Resource 1: This is a plaintext resource');
    expect(output).toContain('Please promote Bob to the head of the Engineering team.');
    expect(output).toMatch(/MCP task [0-9a-f]{32} on server "everything": working/);
    // A structured result, checked against TaskGet's outputSchema, beside the text the model reads.
    expect(output).toContain('<- TaskGet ok');
    expect(output).toContain('structured {"id":"1","subject":"Fix the TODO in src/app.ts","description":');
    expect(output).toContain('Plan mode allows only read-only tools');
    expect(output).toContain('sensitive file');
    // Only the user ends Plan mode: ExitPlanMode asked, and the scripted user approved it.
    expect(output).toContain('(the user approves the plan)');
    expect(output).toContain('(the user declines Read)');
    // A call the user was away for: saved as a signed record, answered by a second process
    // (`approvals approve <id>`), which ran exactly that call, once.
    expect(output).toContain('(the user is away: the call is saved as a pending approval)');
    expect(output).toMatch(/<- Write WAITS for approval [0-9a-f]{32}/);
    expect(output).toContain(
      '| The rule "Write(CHANGELOG.md)" in permissions.ask asks for approval. It waits for approval',
    );
    expect(output).toMatch(
      /\$ toolwright-agent approvals approve [0-9a-f]{32} --workspace .* --no-mcp {3}\(another process, later\)/,
    );
    expect(output).toMatch(/\| approved: resuming call \S+ of Write/);
    expect(output).toContain(`the file now reads: "## Unreleased\\n\\n- The app greets with 'hello'.\\n"`);
    expect(output).toMatch(
      /answering it again is refused \[replayed\]: Approval [0-9a-f]{32} for Write was already answered/,
    );
    // Streaming pre-start: the concurrency-safe reads begin before the model's message ends.
    expect(output).toContain(
      '-> Read {"file_path":"notes.md"}  (started while the model is still streaming)',
    );
    // The model's words come before the calls they lead up to, though those start while it streams.
    const words = output.indexOf("  model: I'll start by looking around the workspace.");
    expect(words).toBeGreaterThan(-1);
    expect(words).toBeLessThan(output.indexOf('-> Read {"file_path":"notes.md"}  (started while'));
    // Every call is shown once, and before its result, whether it started while the model
    // streamed, ran in a shared batch or alone.
    expectEachCallShownBeforeItsResult(output.slice(0, output.indexOf('== 6. The turn as a trace ==')));
    // Grep judged every file it read: the key and .env were skipped, and it said so.
    expect(output).toContain('2 paths skipped: 1 denied by the permission policy, 1 would need approval');
    // It ends with the turn as a waterfall: one trace, the turn at the top, every model request under it.
    const trace = output.slice(output.indexOf('== 6. The turn as a trace =='));
    expect(trace).toMatch(/^trace [0-9a-f]{32}: \S+, \d+ spans/m);
    expect(trace).toMatch(/^invoke_agent toolwright-agent +\|=+\|/m);
    expect(trace.match(/^ {2}chat scripted:demo +\|/gm)).toHaveLength(16);
    // One tool call followed across the process boundary: the agent's execute_tool span, its MCP
    // request, the toolwright server's handling of it and the tool's run there, nested in order.
    expect(trace).toMatch(/^trace [0-9a-f]{32}: \S+, \d+ spans \([1-9]\d* from MCP servers\)/m);
    expect(trace).toMatch(
      /^ {2}execute_tool mcp__toolwright_\S* +\|.*\n {4}tools\/call word_count +\|.*\n {6}tools\/call word_count +\|.*@toolwright-mcp-server\n {8}execute_tool word_count +\|.*@toolwright-mcp-server$/m,
    );
    // Calls the model streamed start before its message ends, and the waits are there.
    expect(trace).toMatch(/^ {2}execute_tool Read +\|.*pre-started$/m);
    expect(trace).toMatch(/^ {4}toolwright\.path_lock\.wait +\|/m);
    expect(trace).toMatch(/^ {4}toolwright\.approval\.wait +\|/m);
    // Nothing was left behind.
    const { existsSync } = await import('node:fs');
    expect(existsSync(report.workspace)).toBe(false);
  }, 90_000);

  it('runs from the command line with --json lines and exit code 0', async () => {
    const home = makeTemporaryDirectory('demo-home');
    try {
      const result = await runCli(['demo', '--json'], { cwd: home.path, home: home.path });
      expect(result.code).toBe(0);
      const records = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string });
      expect(records.filter((record) => record.type === 'step')).toHaveLength(15);
      expect(records.some((record) => record.type === 'tool-result')).toBe(true);
      // In JSON too, a call's arguments come before its result: with its early start, or with
      // the model's message.
      const shown = new Set<string>();
      for (const record of records as Array<Record<string, unknown>>) {
        if (record.type === 'call-start' && record.preStarted === true && 'arguments' in record)
          shown.add(String(record.callId));
        if (record.type === 'assistant')
          for (const call of record.toolCalls as Array<{ id: string }>) shown.add(call.id);
        if (record.type === 'tool-result') expect(shown, `${String(record.call)}`).toContain(record.callId);
      }
      expect(records.at(-1)?.type).toBe('trace');
    } finally {
      home.remove();
    }
  });
});
