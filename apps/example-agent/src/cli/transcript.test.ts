import { describe, expect, it } from 'vitest';
import { Transcript } from './transcript.js';

/** A Read that started while the model streamed and succeeded, as the executor reports it. */
function preStartedRead(call: { id: string; name: string; arguments: Record<string, unknown> }) {
  return {
    call,
    callId: call.id,
    idempotencyKey: undefined,
    status: 'success' as const,
    result: { llmContent: 'notes' },
    content: 'notes',
    invocation: undefined,
    attempts: 1,
    durationMs: 1,
    batch: 0,
    spilled: false,
    preStarted: true,
  };
}

describe('Transcript', () => {
  it('never passes terminal control sequences from tool output through to the screen', () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) });
    transcript.executorEvent({
      type: 'call-end',
      callId: '1',
      executed: {
        call: { id: '1', name: 'mcp__evil__tool', arguments: {} },
        callId: '1',
        idempotencyKey: undefined,
        status: 'success',
        result: { llmContent: '' },
        content: 'before\u001b[2J\u001b]0;pwned\u0007after\ttabbed',
        invocation: undefined,
        attempts: 1,
        durationMs: 1,
        batch: 0,
        spilled: false,
        preStarted: false,
      },
    });
    expect(output).not.toContain('\u001b');
    expect(output).not.toContain('\u0007');
    expect(output).toContain('before\\u001b[2J\\u001b]0;pwned\\u0007after\ttabbed');
  });

  it('shows a call that starts while the model streams, whole, before its result, and only once', () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) });
    const early = { id: 'c1', name: 'Read', arguments: { file_path: 'notes.md' } };
    const later = { id: 'c2', name: 'Write', arguments: { file_path: 'out.md', content: 'x' } };
    transcript.agentEvent({
      type: 'request',
      turn: 1,
      mode: 'default',
      tools: [],
      reminders: [],
      deferredListing: '',
    });
    transcript.executorEvent({ type: 'call-start', callId: 'c1', call: early, preStarted: true });
    transcript.executorEvent({
      type: 'call-end',
      callId: 'c1',
      executed: preStartedRead(early),
    });
    transcript.agentEvent({
      type: 'response',
      turn: 1,
      response: { text: 'Reading, then writing.', toolCalls: [early, later] },
    });
    expect(output.split('\n').filter((line) => line.startsWith('  ') && !line.startsWith('     '))).toEqual([
      '  -> Read {"file_path":"notes.md"}  (started while the model is still streaming)',
      '  <- Read ok (1 ms)',
      '  model: Reading, then writing.',
      '  -> Write {"file_path":"out.md","content":"x"}',
    ]);
  });

  it("shows the model's words that lead up to a call started while it streams before the call and its result", () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) });
    const early = { id: 'c1', name: 'Read', arguments: { file_path: 'notes.md' } };
    transcript.agentEvent({
      type: 'request',
      turn: 1,
      mode: 'default',
      tools: [],
      reminders: [],
      deferredListing: '',
    });
    transcript.agentEvent({ type: 'text', turn: 1, text: 'Let me read the notes.' });
    transcript.executorEvent({ type: 'call-start', callId: 'c1', call: early, preStarted: true });
    transcript.executorEvent({
      type: 'call-end',
      callId: 'c1',
      executed: preStartedRead(early),
    });
    transcript.agentEvent({
      type: 'response',
      turn: 1,
      response: { text: 'Let me read the notes.\nThen I will summarise.', toolCalls: [early] },
    });
    expect(output.split('\n').filter((line) => line.startsWith('  ') && !line.startsWith('     '))).toEqual([
      '  model: Let me read the notes.',
      '  -> Read {"file_path":"notes.md"}  (started while the model is still streaming)',
      '  <- Read ok (1 ms)',
      '  model: Then I will summarise.',
    ]);
    // JSON mode keeps one assistant record with the whole text, and no separate text record.
    let json = '';
    const records = new Transcript({ write: (text: string) => (json += text) }, { json: true });
    records.agentEvent({ type: 'text', turn: 1, text: 'Let me read the notes.' });
    expect(json).toBe('');
  });

  it('marks a refused call of a deferred tool that was never loaded as NOT LOADED, with the way out', () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) });
    const content =
      'mcp__x__y is deferred: its schema has not been loaded. Call ToolSearch with query "select:mcp__x__y" first, then call it again.';
    transcript.executorEvent({
      type: 'call-end',
      callId: '1',
      executed: {
        call: { id: '1', name: 'mcp__x__y', arguments: {} },
        callId: '1',
        idempotencyKey: undefined,
        status: 'not_loaded',
        result: { llmContent: content, error: { type: 'not_found', message: content } },
        content,
        invocation: undefined,
        attempts: 0,
        durationMs: 1,
        batch: 0,
        spilled: false,
        preStarted: false,
      },
    });
    expect(output).toContain('NOT LOADED');
    expect(output).toContain('Call ToolSearch with query "select:mcp__x__y" first');
  });

  it("shows a call's progress at its first report and each quarter reached, server text made printable", () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) });
    const call = { id: '1', name: 'mcp__build__run', arguments: {} };
    for (let step = 1; step <= 10; step++)
      transcript.executorEvent({
        type: 'call-progress',
        callId: call.id,
        call,
        progress: { message: `compiling\u001b[2J ${step}/10`, progress: step, total: 10 },
      });
    expect(output).not.toContain('\u001b');
    expect(output.trimEnd().split('\n')).toEqual([
      '  .. mcp__build__run: compiling\\u001b[2J 1/10',
      '  .. mcp__build__run: compiling\\u001b[2J 3/10',
      '  .. mcp__build__run: compiling\\u001b[2J 5/10',
      '  .. mcp__build__run: compiling\\u001b[2J 8/10',
      '  .. mcp__build__run: compiling\\u001b[2J 10/10',
    ]);
  });

  it('writes one JSON object per line in JSON mode', () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) }, { json: true });
    transcript.section('one');
    transcript.info('two', { extra: 3 });
    expect(
      output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { type: 'section', title: 'one' },
      { type: 'info', message: 'two', extra: 3 },
    ]);
  });
});
