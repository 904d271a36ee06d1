import type { ExecutedCall, ExecutorEvent } from '@toolwright/executor';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import type { AgentEvent } from '../agent/agent-loop.js';
import type { TraceSpan } from '../telemetry/trace-span.js';
import { renderWaterfall, type WaterfallStyle } from '../telemetry/waterfall.js';
import { type CatalogView, formatCatalog } from './catalog-view.js';
import { invalidOption } from './invalid-option.js';
import { printable, printableLine, printableSink } from './printable.js';

/** Where transcript lines go (stdout in the CLI, a buffer in tests). */
export interface LineSink {
  write(text: string): unknown;
  /** Whether it is a terminal (a TTY stream says so); absent: not one. */
  readonly isTTY?: boolean | undefined;
  /** Its width in columns, when it is a terminal. */
  readonly columns?: number | undefined;
}

const PREVIEW_LINES = 6;
const PREVIEW_WIDTH = 110;
/** Reminders are shown on one line; the model gets them whole. */
const REMINDER_WIDTH = 160;

function clip(line: string, indent: string, width = PREVIEW_WIDTH): string {
  const safe = printable(line);
  return `${indent}${safe.length > width ? `${safe.slice(0, width - 1)}…` : safe}`;
}

/** The first lines of a result; with `tail`, also its last lines (to show a spill's head and tail). */
function preview(text: string, indent: string, tail = 0): string {
  const lines = text.split('\n');
  if (lines.length <= PREVIEW_LINES + tail) return lines.map((line) => clip(line, indent)).join('\n');
  const shown = lines.slice(0, PREVIEW_LINES).map((line) => clip(line, indent));
  shown.push(`${indent}… (${lines.length - PREVIEW_LINES - tail} more lines)`);
  if (tail > 0) shown.push(...lines.slice(-tail).map((line) => clip(line, indent)));
  return shown.join('\n');
}

/** Arguments on one line: a model's unparseable arguments are a string that may hold newlines. */
function argumentsPreview(value: unknown): string {
  const text = printableLine(typeof value === 'string' ? value : JSON.stringify(value));
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/** A tool name as the model wrote it, on one line (an unknown name is the model's text). */
function nameOf(call: { readonly name: string }): string {
  return printableLine(call.name);
}

/** The line that shows a call the model made: its name and arguments. */
function callLine(call: { readonly name: string; readonly arguments: unknown }): string {
  return `  -> ${nameOf(call)} ${argumentsPreview(call.arguments)}`;
}

const STATUS_MARK: Record<ExecutedCall['status'], string> = {
  success: 'ok',
  error: 'ERROR',
  denied: 'DENIED',
  invalid: 'INVALID',
  timeout: 'TIMEOUT',
  aborted: 'ABORTED',
  not_found: 'NOT FOUND',
  not_loaded: 'NOT LOADED',
  incomplete: 'INCOMPLETE',
};

/** Options of {@link Transcript}. */
export interface TranscriptOptions {
  /** One JSON object per line instead of readable lines. */
  json?: boolean;
  /**
   * Show each tool result's content (a preview, or `content` in JSON mode); default true. `call`
   * turns it off: it prints the result itself on stdout, and showing it in the progress on
   * stderr as well printed it twice.
   */
  showContent?: boolean;
}

const TRANSCRIPT_OPTIONS: OptionTable<TranscriptOptions> = {
  json: { kind: 'boolean' },
  showContent: { kind: 'boolean' },
};

/**
 * Prints what the agent does: readable by default, or one JSON object per line (`--json`) for
 * machines. Every event of the loop and the executor goes through here.
 */
export class Transcript {
  readonly #sink: LineSink;
  readonly #json: boolean;
  readonly #showContent: boolean;
  /** The last quarter of its total each running call's progress was shown at (-1: only the first). */
  readonly #shownProgress = new Map<string, number>();
  /** Ids of the calls of the message being streamed whose line is already printed (pre-started). */
  readonly #shownCalls = new Set<string>();
  /** The model's text of the current message shown so far (before a pre-started call). */
  #shownText = '';

  constructor(sink: LineSink, options: TranscriptOptions = {}) {
    checkOptions('Transcript', options, TRANSCRIPT_OPTIONS, invalidOption);
    // Whoever built the sink, what the transcript prints is made printable.
    this.#sink = printableSink(sink);
    this.#json = options.json === true;
    this.#showContent = options.showContent !== false;
  }

  /** True in `--json` mode. */
  get json(): boolean {
    return this.#json;
  }

  /** Emits a structured record (JSON mode) or runs the readable renderer. */
  #emit(record: Record<string, unknown>, readable: () => string | undefined): void {
    if (this.#json) {
      this.#sink.write(`${JSON.stringify(record)}\n`);
      return;
    }
    const text = readable();
    if (text !== undefined) this.#sink.write(`${text}\n`);
  }

  /** A headline. */
  section(title: string): void {
    this.#emit({ type: 'section', title }, () => `\n== ${title} ==`);
  }

  /** A plain informative line (progress, a summary). */
  info(message: string, data: Record<string, unknown> = {}): void {
    this.#emit({ type: 'info', message, ...data }, () => message);
  }

  /**
   * The spans of one turn: the waterfall (see `renderWaterfall`), or one `trace` record with the
   * spans in JSON mode.
   */
  trace(spans: readonly TraceSpan[], style: WaterfallStyle): void {
    this.#emit({ type: 'trace', traceId: spans[0]?.traceId, spans }, () =>
      renderWaterfall(spans, style).join('\n'),
    );
  }

  /** A catalog view: the formatted table, or one structured record in JSON mode. */
  catalog(view: CatalogView, options: { listTools: boolean }): void {
    this.#emit({ type: 'catalog', ...view }, () => formatCatalog(view, options).join('\n'));
  }

  /** The caption of a demo step. */
  step(index: number, caption: string): void {
    this.#emit({ type: 'step', index, caption }, () => `\n-- step ${index}: ${caption}`);
  }

  /** Renders an agent-loop event. */
  agentEvent(event: AgentEvent): void {
    if (event.type === 'request') {
      // A new message: a call line left from a stream that broke off is not this one's.
      this.#shownCalls.clear();
      this.#shownText = '';
      this.#emit(
        {
          type: 'request',
          turn: event.turn,
          mode: event.mode,
          tools: event.tools.map((tool) => tool.name),
          reminders: event.reminders,
          deferred: event.deferredListing === '' ? [] : event.deferredListing.split('\n').slice(1, -1),
        },
        () => {
          const deferred = event.deferredListing === '' ? 0 : event.deferredListing.split('\n').length - 2;
          const lines = [
            `[turn ${event.turn}] mode ${event.mode}; ${event.tools.length} tool schemas sent${deferred > 0 ? `, ${deferred} deferred by name only` : ''}`,
          ];
          for (const reminder of event.reminders) {
            lines.push(clip(`reminder: ${reminder.replace(/\n/g, ' ')}`, '  ', REMINDER_WIDTH));
          }
          return lines.join('\n');
        },
      );
    } else if (event.type === 'text') {
      // Readable mode only: JSON mode has the whole text in the message's `assistant` record.
      if (this.#json) return;
      this.#sink.write(`${modelTextLine(event.text)}\n`);
      this.#shownText = event.text;
    } else if (event.type === 'response') {
      this.#emit(
        {
          type: 'assistant',
          turn: event.turn,
          text: event.response.text,
          toolCalls: event.response.toolCalls,
        },
        () => {
          // What the model wrote before a call that started while it streamed was shown then;
          // the rest of its text is shown now.
          const { text } = event.response;
          const unshown =
            this.#shownText !== '' && text.startsWith(this.#shownText)
              ? text.slice(this.#shownText.length).trimStart()
              : text;
          this.#shownText = '';
          const lines = unshown === '' ? [] : [modelTextLine(unshown)];
          // A call that started while the model streamed was shown then, before its result.
          for (const call of event.response.toolCalls)
            if (!this.#shownCalls.has(call.id)) lines.push(callLine(call));
          this.#shownCalls.clear();
          return lines.join('\n');
        },
      );
    }
  }

  /** Renders an executor event. */
  executorEvent(event: ExecutorEvent): void {
    switch (event.type) {
      case 'batch':
        this.#emit(
          {
            type: 'batch',
            batch: event.batch,
            parallelism: event.parallelism,
            calls: event.calls.map((call) => call.name),
          },
          () => {
            const names = event.calls.map(nameOf).join(', ');
            return event.calls.length > 1
              ? `  batch ${event.batch} (${event.parallelism}, ${event.calls.length} calls together): ${names}`
              : `  batch ${event.batch} (${event.parallelism}): ${names}`;
          },
        );
        break;
      case 'permission':
        this.#emit(
          {
            type: 'permission',
            call: event.call.name,
            decision: event.decision,
            ...(event.pendingApproval === undefined ? {} : { pendingApproval: event.pendingApproval }),
          },
          () =>
            event.decision.behavior === 'allow'
              ? undefined
              : event.pendingApproval === undefined
                ? `  permission ${event.decision.behavior} for ${nameOf(event.call)}`
                : `  permission deferred for ${nameOf(event.call)}: saved as approval ${event.pendingApproval}, refused until it is answered`,
        );
        break;
      case 'hook-rewrite':
        this.#emit(
          { type: 'hook-rewrite', call: event.call.name, params: event.params },
          () => `  hook rewrote ${nameOf(event.call)} params -> ${argumentsPreview(event.params)}`,
        );
        break;
      case 'retry':
        this.#emit(
          {
            type: 'retry',
            call: event.call.name,
            attempt: event.attempt,
            delayMs: event.delayMs,
            errorCode: event.errorCode,
          },
          () =>
            `  retry ${nameOf(event.call)} after ${event.errorCode} (attempt ${event.attempt}, waiting ${event.delayMs} ms)`,
        );
        break;
      case 'call-start':
        // Only a start during the stream is news (the others follow their batch line), and its
        // result may come before the message ends: the call is shown whole now, not with the
        // message, so that its line comes before its result.
        this.#emit(
          {
            type: 'call-start',
            call: event.call.name,
            callId: event.call.id,
            preStarted: event.preStarted,
            ...(event.preStarted ? { arguments: event.call.arguments } : {}),
          },
          () => {
            if (!event.preStarted) return undefined;
            this.#shownCalls.add(event.call.id);
            return `${callLine(event.call)}  (started while the model is still streaming)`;
          },
        );
        break;
      case 'call-progress': {
        const { message, progress, total } = event.progress;
        // A server writes the message: it is shown printable, never as terminal control.
        this.#emit(
          { type: 'call-progress', call: event.call.name, callId: event.call.id, message, progress, total },
          () =>
            this.#progressWorthShowing(event.call.id, progress, total)
              ? `  .. ${nameOf(event.call)}: ${printable(message)}`
              : undefined,
        );
        break;
      }
      case 'call-end':
        this.#shownProgress.delete(event.executed.call.id);
        this.#callEnd(event.executed);
        break;
    }
  }

  /**
   * A tool may report progress many times a second: the readable transcript shows its first
   * report and then one per quarter of the total reached (JSON mode records every report).
   */
  #progressWorthShowing(callId: string, progress: number | undefined, total: number | undefined): boolean {
    const quarter =
      progress !== undefined && total !== undefined && total > 0 ? Math.floor((progress / total) * 4) : -1;
    const shown = this.#shownProgress.get(callId);
    if (shown !== undefined && quarter <= shown) return false;
    this.#shownProgress.set(callId, quarter);
    return true;
  }

  #callEnd(executed: ExecutedCall): void {
    const coercions = executed.invocation?.coercions ?? [];
    this.#emit(
      {
        type: 'tool-result',
        call: executed.call.name,
        callId: executed.call.id,
        status: executed.status,
        batch: executed.batch,
        attempts: executed.attempts,
        durationMs: Math.round(executed.durationMs),
        spilled: executed.spilled,
        preStarted: executed.preStarted,
        ...(executed.pendingApproval === undefined ? {} : { pendingApproval: executed.pendingApproval }),
        artifacts: executed.result.artifacts ?? [],
        coercions,
        ...(executed.result.structuredContent === undefined
          ? {}
          : { structuredContent: executed.result.structuredContent }),
        ...(this.#showContent ? { content: executed.content } : {}),
      },
      () => {
        const mark =
          executed.pendingApproval === undefined
            ? STATUS_MARK[executed.status]
            : `WAITS for approval ${executed.pendingApproval}`;
        const header = `  <- ${nameOf(executed.call)} ${mark} (${Math.round(executed.durationMs)} ms${executed.attempts > 1 ? `, ${executed.attempts} attempts` : ''})${executed.spilled ? ' — output spilled to the artifact store; the model sees head and tail' : ''}`;
        const lines = [header];
        for (const coercion of coercions) {
          lines.push(`     coerced ${coercion.path}: ${coercion.from} -> ${coercion.to}`);
        }
        if (executed.result.structuredContent !== undefined) {
          // Checked against the tool's outputSchema, when it has one, before it got here.
          lines.push(clip(`structured ${JSON.stringify(executed.result.structuredContent)}`, '     '));
        }
        for (const artifact of executed.result.artifacts ?? []) {
          lines.push(
            `     artifact ${artifact.kind} ${artifact.mimeType ?? ''} ${artifact.byteLength} bytes, id ${artifact.id.slice(0, 16)}…`,
          );
        }
        if (this.#showContent) lines.push(preview(executed.content, '     | ', executed.spilled ? 4 : 0));
        return lines.join('\n');
      },
    );
  }
}

/**
 * The model's text as a transcript line, its later lines indented under the first: it cannot
 * draw a line of the transcript's own (a tool result, a permission) at the left margin.
 */
function modelTextLine(text: string): string {
  return `  model: ${printable(text).replace(/\n/g, '\n         ')}`;
}
