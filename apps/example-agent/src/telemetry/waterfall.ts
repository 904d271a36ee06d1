import { previewText } from '@toolwright/utils';
import { SemanticAttribute, ToolwrightAttribute } from '@toolwright/utils/telemetry';
import type { TraceSpan, TraceSpanEvent } from './trace-span.js';

/** How the waterfall is drawn. */
export interface WaterfallStyle {
  /** Columns of the terminal; the waterfall never writes a longer line. */
  readonly columns: number;
  /** Block characters on a terminal that shows them; plain ASCII with NO_COLOR or off a terminal. */
  readonly unicode: boolean;
}

interface Glyphs {
  readonly local: string;
  readonly remote: string;
  readonly event: string;
  readonly failed: string;
  readonly ellipsis: string;
}

/** The executor's event for a permission decision (its name is the executor's, on the wire). */
const PERMISSION_EVENT = 'toolwright.permission';

const UNICODE: Glyphs = { local: '█', remote: '▓', event: '◆', failed: '✗', ellipsis: '…' };
const ASCII: Glyphs = { local: '=', remote: '#', event: '*', failed: 'x', ellipsis: '...' };

/** Narrowest and widest waterfall, whatever the terminal says. */
const MIN_COLUMNS = 60;
const MAX_COLUMNS = 200;
/** Rows drawn at most; a longer trace says how many it left out. */
const MAX_ROWS = 400;
/** Events drawn per span at most (retries, exceptions). */
const MAX_EVENTS_PER_SPAN = 5;

interface Row {
  readonly depth: number;
  readonly label: string;
  readonly startMs: number;
  /** Undefined for an event's row: a point, not a bar. */
  readonly endMs: number | undefined;
  readonly remote: boolean;
  readonly mark: string;
}

/** A duration for humans: `850ms`, `12.3ms`, `1.24s`. */
export function formatDuration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)}s`;
  if (ms >= 10) return `${Math.round(ms)}ms`;
  return `${ms.toFixed(1)}ms`;
}

/** Shown text of a value that came from a span: escaped (a server names its own spans) and capped. */
function shown(text: string, max = 80): string {
  return previewText(text, max).replace(/\n/g, '\\n');
}

function mark(span: TraceSpan, remote: boolean, glyphs: Glyphs): string {
  const parts: string[] = [];
  const outcome = span.attributes[ToolwrightAttribute.callOutcome];
  if (span.status === 'error') {
    const type = span.attributes[SemanticAttribute.errorType] ?? span.statusMessage ?? 'error';
    parts.push(`${glyphs.failed} ${shown(String(type), 24)}`);
  } else if (typeof outcome === 'string' && outcome !== 'success') parts.push(shown(outcome, 24));
  if (span.attributes[ToolwrightAttribute.callPreStarted] === true) parts.push('pre-started');
  if (remote) parts.push(`@${shown(span.service, 24)}`);
  return parts.join(' ');
}

/**
 * Whether an event earns a row: not a permission decision that allowed the call (every call that
 * ran has one; the rows would double the picture and say nothing a bar does not).
 */
function worthARow(event: TraceSpanEvent): boolean {
  return !(
    event.name === PERMISSION_EVENT && event.attributes[ToolwrightAttribute.permissionOutcome] === 'allow'
  );
}

function eventMark(event: TraceSpanEvent): string {
  const attempt = event.attributes[ToolwrightAttribute.callAttempts] ?? event.attributes.attempt;
  const type = event.attributes[SemanticAttribute.errorType] ?? event.attributes['exception.type'];
  const decision = event.attributes[ToolwrightAttribute.permissionOutcome];
  return [
    attempt === undefined ? '' : `attempt ${attempt}`,
    type === undefined ? '' : shown(String(type), 24),
    decision === undefined ? '' : shown(String(decision), 12),
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The rows of the tree under `root`, depth first, children by start time. A span whose parent is
 * not in the trace (its parent was not recorded or not received) hangs under the root, so that
 * nothing received is hidden.
 */
function rowsOf(root: TraceSpan, spans: readonly TraceSpan[], glyphs: Glyphs): Row[] {
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map<string, TraceSpan[]>();
  for (const span of spans) {
    if (span === root) continue;
    const parent =
      span.parentSpanId !== undefined && ids.has(span.parentSpanId) ? span.parentSpanId : root.spanId;
    const siblings = children.get(parent) ?? [];
    siblings.push(span);
    children.set(parent, siblings);
  }
  const rows: Row[] = [];
  const seen = new Set<string>();
  const visit = (span: TraceSpan, depth: number): void => {
    // A cycle of parent ids (a hostile exporter) is drawn once, never walked forever.
    if (seen.has(span.spanId)) return;
    seen.add(span.spanId);
    const remote = span.service !== root.service;
    rows.push({
      depth,
      label: shown(span.name),
      startMs: span.startMs,
      endMs: Math.max(span.startMs, span.endMs),
      remote,
      mark: mark(span, remote, glyphs),
    });
    const events = span.events.filter(worthARow).sort((a, b) => a.timeMs - b.timeMs);
    for (const event of events.slice(0, MAX_EVENTS_PER_SPAN))
      rows.push({
        depth: depth + 1,
        label: `${glyphs.event} ${shown(event.name)}`,
        startMs: event.timeMs,
        endMs: undefined,
        remote,
        mark: eventMark(event),
      });
    if (events.length > MAX_EVENTS_PER_SPAN)
      rows.push({
        depth: depth + 1,
        label: `${glyphs.ellipsis} ${events.length - MAX_EVENTS_PER_SPAN} more events`,
        startMs: span.startMs,
        endMs: undefined,
        remote,
        mark: '',
      });
    const ordered = (children.get(span.spanId) ?? []).sort(
      (a, b) => a.startMs - b.startMs || a.name.localeCompare(b.name),
    );
    for (const child of ordered) visit(child, depth + 1);
  };
  visit(root, 0);
  return rows;
}

/** `text` in exactly `width` columns (code points): padded, or cut with an ellipsis. */
function fit(text: string, width: number, glyphs: Glyphs): string {
  const characters = [...text];
  if (characters.length <= width) return text + ' '.repeat(width - characters.length);
  const kept = characters.slice(0, Math.max(0, width - [...glyphs.ellipsis].length)).join('');
  return [...(kept + glyphs.ellipsis)].slice(0, width).join('');
}

/**
 * The spans of one turn as a waterfall, one line each: the span's name indented by parentage,
 * a bar placed and sized on the turn's time scale (so calls that overlap overlap on screen, and a
 * call started while the model still streamed begins before that request's bar ends), its
 * duration, and marks: `✗ error.type` for a failure, an outcome other than success,
 * `pre-started`, and `@service` for a span another process (an MCP server) made. A span's events
 * (retries, exceptions) are rows of their own with a point at their time. Names are escaped:
 * an MCP server names its own spans.
 *
 * `spans` is one trace; the root is the `invoke_agent` span, else the earliest span without a
 * parent. Returns the lines, without newlines.
 */
export function renderWaterfall(spans: readonly TraceSpan[], style: WaterfallStyle): string[] {
  const glyphs = style.unicode ? UNICODE : ASCII;
  const roots = spans.filter(
    (span) => span.parentSpanId === undefined || !spans.some((other) => other.spanId === span.parentSpanId),
  );
  const root =
    roots.find((span) => span.parentSpanId === undefined && span.name.startsWith('invoke_agent ')) ??
    [...roots].sort((a, b) => a.startMs - b.startMs)[0];
  if (root === undefined) return ['(no spans were recorded)'];
  const all = rowsOf(root, spans, glyphs);
  const rows = all.slice(0, MAX_ROWS);
  const startMs = Math.min(...rows.map((row) => row.startMs));
  const endMs = Math.max(...rows.map((row) => row.endMs ?? row.startMs));
  const totalMs = Math.max(endMs - startMs, 0.001);

  const columns = Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, Math.floor(style.columns)));
  const durationWidth = 8;
  const labelWidth = Math.min(
    Math.max(16, Math.floor(columns * 0.34)),
    Math.max(...rows.map((row) => row.depth * 2 + [...row.label].length)),
  );
  // label, space, |bar|, space, duration, then a space and the mark in what is left (the bar keeps
  // at least a fifth of the width).
  const fixed = labelWidth + 3 + 1 + durationWidth;
  const minimumBar = Math.floor(columns / 5);
  const markWidth = Math.max(
    0,
    Math.min(24, columns - fixed - minimumBar - 1, Math.max(0, ...rows.map((row) => [...row.mark].length))),
  );
  const barWidth = columns - fixed - (markWidth > 0 ? markWidth + 1 : 0);
  const column = (ms: number) => Math.min(barWidth - 1, Math.floor(((ms - startMs) / totalMs) * barWidth));

  const remoteCount = new Set(
    spans.filter((span) => span.service !== root.service).map((span) => span.spanId),
  ).size;
  const line = (text: string) => fit(text, columns, glyphs).trimEnd();
  const lines = [
    line(
      `trace ${root.traceId}: ${formatDuration(totalMs)}, ${spans.length} span${spans.length === 1 ? '' : 's'}` +
        (remoteCount > 0 ? ` (${remoteCount} from MCP servers)` : ''),
    ),
  ];
  for (const row of rows) {
    const bar = Array.from({ length: barWidth }, () => ' ');
    const from = column(row.startMs);
    if (row.endMs === undefined) bar[from] = glyphs.event;
    else {
      const to = Math.max(
        from + 1,
        Math.min(barWidth, Math.ceil(((row.endMs - startMs) / totalMs) * barWidth)),
      );
      bar.fill(row.remote ? glyphs.remote : glyphs.local, from, to);
    }
    const label = fit(`${'  '.repeat(row.depth)}${row.label}`, labelWidth, glyphs);
    const duration = row.endMs === undefined ? '' : formatDuration(row.endMs - row.startMs);
    const tail = markWidth > 0 ? ` ${fit(row.mark, markWidth, glyphs)}` : '';
    lines.push(`${label} |${bar.join('')}| ${duration.padStart(durationWidth)}${tail}`.trimEnd());
  }
  if (all.length > rows.length)
    lines.push(`${glyphs.ellipsis} ${all.length - rows.length} more rows not shown`);
  lines.push(
    `${' '.repeat(labelWidth)}  0${formatDuration(totalMs).padStart(barWidth - 1)}`,
    `${glyphs.local} this process  ${glyphs.remote} an MCP server  ${glyphs.event} event  ${glyphs.failed} failed`,
  );
  return lines;
}
