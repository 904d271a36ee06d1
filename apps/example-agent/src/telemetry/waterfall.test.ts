import { describe, expect, it } from 'vitest';
import type { TraceSpan } from './trace-span.js';
import { renderWaterfall } from './waterfall.js';
import { waterfallStyle } from './waterfall-style.js';

const T0 = 1_760_000_000_000;
const TRACE = 'ab'.repeat(16);

function span(
  id: string,
  parent: string | undefined,
  name: string,
  from: number,
  to: number,
  extra: Partial<TraceSpan> = {},
): TraceSpan {
  return {
    traceId: TRACE,
    spanId: id.padStart(16, '0'),
    parentSpanId: parent?.padStart(16, '0'),
    name,
    kind: 'internal',
    startMs: T0 + from,
    endMs: T0 + to,
    status: 'unset',
    statusMessage: undefined,
    attributes: {},
    events: [],
    service: 'toolwright-agent',
    ...extra,
  };
}

/** A turn: a model request that streams while two reads start, a second request, an MCP call served by another process. */
const TURN: TraceSpan[] = [
  span('a', '1', 'chat demo', 430, 700),
  span('1', undefined, 'invoke_agent toolwright-agent', 0, 1000),
  span('2', '1', 'chat demo', 0, 300),
  span('4', '1', 'execute_tool Grep', 150, 420, { attributes: { 'toolwright.call.pre_started': true } }),
  span('3', '1', 'execute_tool Read', 120, 180, { attributes: { 'toolwright.call.pre_started': true } }),
  span('6', '1', 'execute_tool mcp__tw__shout', 710, 1000, {
    events: [{ name: 'retry', timeMs: T0 + 800, attributes: { 'toolwright.call.attempts': 2 } }],
  }),
  span('7', '6', 'tools/call shout', 720, 990, { kind: 'client' }),
  span('8', '7', 'tools/call shout', 730, 980, { kind: 'server', service: 'tw-server' }),
  span('9', '8', 'execute_tool shout', 740, 970, {
    service: 'tw-server',
    status: 'error',
    attributes: { 'error.type': 'timeout' },
  }),
];

const PLAIN = { columns: 100, unicode: false };

/** The rows (label, bar) of a rendering, without the header and the legend. */
function rows(lines: string[]): Array<{ label: string; bar: string; tail: string }> {
  return lines
    .filter((line) => /\|.*\|/.test(line))
    .map((line) => {
      const [label = '', bar = '', tail = ''] = line.split('|');
      return { label, bar, tail };
    });
}

describe('renderWaterfall', () => {
  it('draws the turn as a tree: children under their parent by start time, indented by depth', () => {
    const drawn = rows(renderWaterfall(TURN, PLAIN)).map((row) => row.label.trimEnd());
    expect(drawn).toEqual([
      'invoke_agent toolwright-agent',
      '  chat demo',
      '  execute_tool Read',
      '  execute_tool Grep',
      '  chat demo',
      '  execute_tool mcp__tw__shout',
      '    * retry',
      '    tools/call shout',
      '      tools/call shout',
      '        execute_tool shout',
    ]);
  });

  it('places each bar on the turn scale: a pre-started call begins before its request ends, overlapping calls overlap', () => {
    const [turn, chat, read, grep] = rows(renderWaterfall(TURN, PLAIN));
    const start = (bar = '') => bar.search(/[=#]/);
    const end = (bar = '') => bar.lastIndexOf('=') + 1;
    expect(start(turn?.bar)).toBe(0);
    expect(end(turn?.bar)).toBe(turn?.bar.length);
    expect(start(read?.bar)).toBeLessThan(end(chat?.bar));
    expect(start(grep?.bar)).toBeLessThan(end(read?.bar));
    expect(read?.tail).toContain('pre-started');
  });

  it('marks failures with error.type, events at their time, and spans of another process with their service', () => {
    const drawn = rows(renderWaterfall(TURN, PLAIN));
    const failed = drawn.find((row) => row.label.includes('execute_tool shout'));
    expect(failed?.bar).toMatch(/^ *#+ *$/);
    expect(failed?.tail).toMatch(/x timeout @tw-server/);
    const retry = drawn.find((row) => row.label.includes('retry'));
    expect(retry?.bar.trim()).toBe('*');
    expect(retry?.tail).toContain('attempt 2');
    const header = renderWaterfall(TURN, PLAIN)[0];
    expect(header).toBe(`trace ${TRACE}: 1.00s, 9 spans (2 from MCP servers)`);
  });

  it('leaves out the permission decisions that allowed a call, and shows the others with their outcome', () => {
    const decided = (outcome: string) => ({
      name: 'toolwright.permission',
      timeMs: T0 + 10,
      attributes: { 'toolwright.permission.outcome': outcome },
    });
    const drawn = rows(
      renderWaterfall(
        [
          span('1', undefined, 'invoke_agent toolwright-agent', 0, 100),
          span('2', '1', 'execute_tool Read', 5, 20, { events: [decided('allow')] }),
          span('3', '1', 'execute_tool Write', 30, 40, { events: [decided('deny')] }),
        ],
        PLAIN,
      ),
    );
    expect(drawn.map((row) => row.label.trim())).toEqual([
      'invoke_agent toolwright-agent',
      'execute_tool Read',
      'execute_tool Write',
      '* toolwright.permission',
    ]);
    expect(drawn.at(-1)?.tail.trim()).toBe('deny');
  });

  it('fits every line in the width it is given, from narrow to wide', () => {
    const long = [...TURN, span('b', '6', `x${'very-long-name-'.repeat(20)}`, 750, 760)];
    for (const columns of [20, 60, 80, 133, 500]) {
      const limit = Math.min(200, Math.max(60, columns));
      for (const line of renderWaterfall(long, { columns, unicode: true }))
        expect([...line].length).toBeLessThanOrEqual(limit);
    }
  });

  it('is plain ASCII with NO_COLOR or off a terminal, block characters on a terminal', () => {
    const ascii = /^[\x20-\x7e]*$/;
    const noColor = waterfallStyle({ isTTY: true, columns: 90 }, { NO_COLOR: '1' });
    const piped = waterfallStyle({}, {});
    expect(noColor).toEqual({ columns: 90, unicode: false });
    expect(piped).toEqual({ columns: 100, unicode: false });
    for (const style of [noColor, piped])
      for (const line of renderWaterfall(TURN, style)) expect(line).toMatch(ascii);
    const terminal = renderWaterfall(TURN, waterfallStyle({ isTTY: true, columns: 90 }, { NO_COLOR: '' }));
    expect(terminal.join('\n')).toContain('█');
    expect(terminal.join('\n')).toContain('▓');
  });

  it('gotcha: shows a hostile span name escaped, so a server cannot draw on the terminal or forge rows', () => {
    const hostile = [
      span('1', undefined, 'invoke_agent toolwright-agent', 0, 10),
      span('2', '1', 'evil\u001b[2J\u001b[31m\nforged row |====|\u202e', 1, 5, {
        service: 'evil\u0007server',
      }),
    ];
    const lines = renderWaterfall(hostile, { columns: 200, unicode: false });
    const text = lines.join('\n');
    const raw = [...text].filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return (code < 0x20 && character !== '\n') || code === 0x7f || code === 0x202e;
    });
    expect(raw).toEqual([]);
    expect(text).toContain('evil\\u001b[2J');
    expect(lines.filter((line) => line.includes('forged row'))).toHaveLength(1);
    expect(text).toContain('@evil\\u0007server');
  });

  it('hangs a span whose parent was never received under the turn, and survives a cycle of parent ids', () => {
    const odd = [
      span('1', undefined, 'invoke_agent toolwright-agent', 0, 100),
      span('2', 'ffff', 'orphan from a server', 10, 20, { service: 'srv' }),
      span('3', '4', 'loop a', 30, 40),
      span('4', '3', 'loop b', 30, 40),
    ];
    const labels = rows(renderWaterfall(odd, PLAIN)).map((row) => row.label.trimEnd());
    expect(labels).toContain('  orphan from a server');
    // Neither span of the cycle has a parent outside it: each is drawn at most once, nothing hangs.
    expect(labels.filter((label) => label.includes('loop')).length).toBeLessThanOrEqual(2);
  });
});
