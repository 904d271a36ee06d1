import type { FunctionDeclaration } from '@toolwright/contracts';
import { describe, expect, it, vi } from 'vitest';
import { captureStream } from '../test-support/streaming-server-capture.js';
import { createProvider } from './create-provider.js';
import type { ConversationMessage, ModelRequest, ModelStreamEvent } from './model-provider.js';
import { parseScenario } from './scenario.js';
import { ScriptedProvider } from './scripted-provider.js';

const scenario = parseScenario(
  {
    name: 'unit',
    turns: [
      {
        text: 'first',
        expectTools: ['Read'],
        toolCalls: [{ name: 'Read', arguments: { file_path: '{{workspace}}/a.txt' } }],
      },
      { text: 'second', expectResults: [{ call: 0, isError: false, includes: 'hello' }] },
    ],
  },
  'unit.json',
);
const declaration = {
  name: 'Read',
  description: '',
  parameters: {},
  target: 'anthropic',
} as FunctionDeclaration;

function afterFirstTurn(content: string, isError: boolean): ConversationMessage[] {
  return [
    { role: 'user', text: 'go' },
    { role: 'assistant', text: 'first', toolCalls: [{ id: 'scripted-0-0', name: 'Read', arguments: {} }] },
    { role: 'tool', results: [{ callId: 'scripted-0-0', toolName: 'Read', content, isError }] },
  ];
}

/**
 * Runs `play` on a fake clock and returns what it settled with and the fake milliseconds its
 * pauses asked for: the pacing is checked exactly, whatever the machine's load.
 */
async function onFakeClock<T>(play: () => Promise<T>): Promise<{ value: T; elapsedMs: number }> {
  vi.useFakeTimers();
  try {
    const started = Date.now();
    const settled = play();
    await vi.runAllTimersAsync();
    const value = await settled;
    return { value, elapsedMs: Date.now() - started };
  } finally {
    vi.useRealTimers();
  }
}

describe('ScriptedProvider', () => {
  it('plays its turns in order, substituting {{placeholders}} in arguments', async () => {
    const provider = new ScriptedProvider({ scenario, variables: { workspace: '/tmp/ws' }, chunkDelayMs: 0 });
    const first = await provider.send({
      system: '',
      messages: [{ role: 'user', text: 'go' }],
      tools: [declaration],
    });
    expect(first.toolCalls).toEqual([
      { id: 'scripted-0-0', name: 'Read', arguments: { file_path: '/tmp/ws/a.txt' } },
    ]);
    const second = await provider.send({
      system: '',
      messages: afterFirstTurn('1\thello', false),
      tools: [declaration],
    });
    expect(second).toEqual({ text: 'second', toolCalls: [] });
  });

  it('fails with scenario_diverged when a real result is not what the scenario expects', async () => {
    const provider = new ScriptedProvider({ scenario, chunkDelayMs: 0 });
    await expect(
      provider.send({
        system: '',
        messages: afterFirstTurn('File not found: a.txt', true),
        tools: [declaration],
      }),
    ).rejects.toMatchObject({
      code: 'scenario_diverged',
      message: expect.stringContaining(
        'turn 2: expected call 0 (Read) to succeed; it returned: File not found: a.txt',
      ),
    });
  });

  it('captures a value from a real result into a placeholder of its next calls, and diverges when it is missing', async () => {
    const capturing = parseScenario(
      {
        name: 'capture',
        turns: [
          { text: 'first', toolCalls: [{ name: 'Read', arguments: { file_path: 'a.txt' } }] },
          {
            text: 'second',
            capture: [{ call: 0, name: 'artifact', pattern: 'stored as artifact ([0-9a-f]{4})' }],
            toolCalls: [{ name: 'ReadArtifact', arguments: { id: '{{artifact}}' } }],
          },
        ],
      },
      'capture.json',
    );
    const provider = new ScriptedProvider({ scenario: capturing, chunkDelayMs: 0 });
    const second = await provider.send({
      system: '',
      messages: afterFirstTurn('[… stored as artifact beef …]', false),
      tools: [declaration],
    });
    expect(second.toolCalls).toEqual([
      { id: 'scripted-1-0', name: 'ReadArtifact', arguments: { id: 'beef' } },
    ]);
    await expect(
      new ScriptedProvider({ scenario: capturing, chunkDelayMs: 0 }).send({
        system: '',
        messages: afterFirstTurn('nothing stored', false),
        tools: [declaration],
      }),
    ).rejects.toMatchObject({
      code: 'scenario_diverged',
      message: expect.stringContaining(
        'expected call 0 to contain /stored as artifact ([0-9a-f]{4})/ for {{artifact}}',
      ),
    });
  });

  it('fails when a tool it expects is not declared', async () => {
    const provider = new ScriptedProvider({ scenario, chunkDelayMs: 0 });
    await expect(
      provider.send({ system: '', messages: [{ role: 'user', text: 'go' }], tools: [] }),
    ).rejects.toThrow(/expected tool Read to be declared/);
  });

  it('rejects an invalid scenario file naming the source and the key', () => {
    expect(() => parseScenario({ name: 'x', turns: [{ toolCalls: [] }] }, 'bad.json')).toThrow(
      /bad\.json[\s\S]*\/turns\/0\/text/,
    );
  });
});

/** Two reads in one turn, and a second turn slowed down by its own streamDelayMs. */
const batchScenario = parseScenario(
  {
    name: 'batch',
    turns: [
      {
        text: 'Reading both.',
        toolCalls: [
          { name: 'Read', arguments: { file_path: 'a.txt' } },
          { name: 'Read', arguments: { file_path: 'b.txt' } },
        ],
      },
      { text: 'slow', streamDelayMs: 20 },
    ],
  },
  'batch.json',
);
const firstTurn: ModelRequest = {
  system: '',
  messages: [{ role: 'user', text: 'go' }],
  tools: [declaration],
};

function kinds(events: readonly ModelStreamEvent[]): string[] {
  return events.map((event) => ('callId' in event ? `${event.type}:${event.callId}` : event.type));
}

describe('ScriptedProvider streaming', () => {
  it('streams the text in pieces, then each call as start, argument pieces, end, then message-end', async () => {
    const provider = new ScriptedProvider({ scenario: batchScenario, chunkDelayMs: 0 });
    const captured = await captureStream(provider.stream(firstTurn));
    const events = captured.items.map(({ item }) => item);
    expect(kinds(events)).toEqual([
      'text-delta',
      'text-delta',
      'text-delta',
      'tool-call-start:scripted-0-0',
      'tool-call-delta:scripted-0-0',
      'tool-call-delta:scripted-0-0',
      'tool-call-delta:scripted-0-0',
      'tool-call-end:scripted-0-0',
      'tool-call-start:scripted-0-1',
      'tool-call-delta:scripted-0-1',
      'tool-call-delta:scripted-0-1',
      'tool-call-delta:scripted-0-1',
      'tool-call-end:scripted-0-1',
      'message-end',
    ]);
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text).toBe('Reading both.');
    const firstArguments = events
      .flatMap((event) =>
        event.type === 'tool-call-delta' && event.callId === 'scripted-0-0' ? [event.argumentsDelta] : [],
      )
      .join('');
    expect(JSON.parse(firstArguments)).toEqual({ file_path: 'a.txt' });
  });

  it('paces chunks by chunkDelayMs, so the first call ends well before the message does', async () => {
    const provider = new ScriptedProvider({ scenario: batchScenario, chunkDelayMs: 10 });
    const captured = await captureStream(provider.stream(firstTurn));
    const firstEnd = captured.items.find(({ item }) => item.type === 'tool-call-end')!;
    const messageEnd = captured.items.at(-1)!;
    expect(messageEnd.item).toEqual({ type: 'message-end' });
    // Four more chunks follow the first call's end (three of the second call, then message-end).
    expect(messageEnd.at - firstEnd.at).toBeGreaterThanOrEqual(30);
  });

  it("uses a turn's streamDelayMs instead of chunkDelayMs", async () => {
    const provider = new ScriptedProvider({ scenario: batchScenario, chunkDelayMs: 0 });
    const secondTurn: ModelRequest = {
      ...firstTurn,
      messages: [...firstTurn.messages, { role: 'assistant', text: 'Reading both.', toolCalls: [] }],
    };
    const { value, elapsedMs } = await onFakeClock(() => provider.send(secondTurn));
    expect(value).toEqual({ text: 'slow', toolCalls: [] });
    // Three text pieces and message-end, 20 ms before each.
    expect(elapsedMs).toBe(4 * 20);
  });

  it('stops mid-stream on an abort of request.signal with the abort reason, without message-end', async () => {
    const provider = new ScriptedProvider({ scenario: batchScenario, chunkDelayMs: 50 });
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const { value: captured, elapsedMs } = await onFakeClock(() =>
      captureStream(provider.stream({ ...firstTurn, signal: controller.signal }), (event) => {
        if (event.type === 'tool-call-start') controller.abort(reason);
      }),
    );
    expect(captured.error).toBe(reason);
    expect(kinds(captured.items.map(({ item }) => item)).at(-1)).toBe('tool-call-delta:scripted-0-0');
    // It stopped in the pause that followed (three text pieces and the call's start were
    // paced), not after the nine chunks still to come.
    expect(elapsedMs).toBe(4 * 50);
  });

  it('checks its expectations before streaming anything', async () => {
    const provider = new ScriptedProvider({ scenario, chunkDelayMs: 0 });
    const captured = await captureStream(provider.stream({ ...firstTurn, tools: [] }));
    expect(captured.items).toEqual([]);
    expect(captured.error).toMatchObject({ code: 'scenario_diverged' });
  });

  it('says so, as its whole message, when the scenario has no more turns', async () => {
    const provider = new ScriptedProvider({ scenario: batchScenario, chunkDelayMs: 0 });
    const response = await provider.send({
      ...firstTurn,
      messages: [
        { role: 'assistant', text: '', toolCalls: [] },
        { role: 'assistant', text: '', toolCalls: [] },
      ],
    });
    expect(response).toEqual({ text: '(scenario "batch" has no more turns)', toolCalls: [] });
  });

  it('is paced by the chunkDelayMs that createProvider is given', async () => {
    const provider = await createProvider({ scenario: batchScenario, chunkDelayMs: 25, env: {} });
    const { elapsedMs } = await onFakeClock(() => provider.send(firstTurn));
    // 3 text pieces, 3 argument pieces for each of the two calls and message-end: 10 pauses.
    expect(elapsedMs).toBe(10 * 25);
  });
});
