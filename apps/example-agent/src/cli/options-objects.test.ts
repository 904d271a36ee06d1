import { describe, expect, it } from 'vitest';
import { formatCatalog } from './catalog-view.js';
import { createProgram, runProgram } from './program.js';
import { Transcript } from './transcript.js';

// A misspelt option of the exported CLI parts must fail loudly: ignored, it would leave the
// default in force without a word. Each check names the option and the nearest known one.
const sink = { write: () => true };
const io = { stdout: sink, stderr: sink };
const view = {
  target: 'anthropic',
  mode: 'default',
  entries: [],
  schemaTokens: 0,
  deferred: [],
  deferredTokens: 0,
  omitted: [],
} as const;

describe('options objects of the CLI parts are checked by name', () => {
  it('Transcript', () => {
    expect(() => new Transcript(sink, { jsno: true } as never)).toThrow(
      'Transcript: unknown option "jsno" (did you mean "json"?); accepted: json, showContent.',
    );
    expect(() => new Transcript(sink, { json: true, showContent: false })).not.toThrow();
  });

  it('formatCatalog', () => {
    expect(() => formatCatalog(view, { listtools: true } as never)).toThrow(
      'formatCatalog: unknown option "listtools" (did you mean "listTools"?); accepted: listTools.',
    );
  });

  it('runProgram and createProgram', async () => {
    await expect(runProgram(['--help'], { ...io, stdin: sink } as never)).rejects.toThrow(
      'runProgram: unknown option "stdin"; accepted: stdout, stderr.',
    );
    expect(() => createProgram({ stdout: sink, sterr: sink } as never)).toThrow(
      'createProgram: unknown option "sterr" (did you mean "stderr"?); accepted: stdout, stderr.',
    );
    expect(() => createProgram(io, { io, fail: () => undefined, exit: 1 } as never)).toThrow(
      'createProgram: unknown option "exit"; accepted: io, fail.',
    );
  });

  it('throws an AgentError with code option_invalid', () => {
    expect(() => new Transcript(sink, null as never)).toThrow(
      expect.objectContaining({ name: 'AgentError', code: 'option_invalid' }),
    );
  });
});
