import { describe, expect, it } from 'vitest';
import { Transcript } from './transcript.js';

describe('Transcript', () => {
  it('never passes terminal control sequences from tool output through to the screen', () => {
    let output = '';
    const transcript = new Transcript({ write: (text: string) => (output += text) });
    transcript.executorEvent({
      type: 'call-end',
      executed: {
        call: { id: '1', name: 'mcp__evil__tool', arguments: {} },
        status: 'success',
        result: { llmContent: '' },
        content: 'before\u001b[2J\u001b]0;pwned\u0007after\ttabbed',
        invocation: undefined,
        attempts: 1,
        durationMs: 1,
        batch: 0,
        spilled: false,
      },
    });
    expect(output).not.toContain('\u001b');
    expect(output).not.toContain('\u0007');
    expect(output).toContain('before\\u001b[2J\\u001b]0;pwned\\u0007after\ttabbed');
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
