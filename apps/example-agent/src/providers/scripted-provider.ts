import { AgentError, AgentErrorCode } from '../errors.js';
import type {
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ModelToolCall,
  ModelToolResult,
} from './model-provider.js';
import { collectResponse } from './response-accumulator.js';
import type { Scenario, ScenarioTurn } from './scenario.js';
import { scriptedStreamChunks } from './scripted-stream-chunks.js';

/**
 * The default pause before each streamed chunk: long enough that a demo transcript shows a
 * tool starting while the message is still streaming, short enough that the whole demo stays
 * within a few seconds.
 */
export const DEFAULT_CHUNK_DELAY_MS = 15;

/** Options for {@link ScriptedProvider}. */
export interface ScriptedProviderOptions {
  scenario: Scenario;
  /** The dialect to request declarations in; the scripted model reads them all the same. */
  target?: ModelProvider['target'];
  /**
   * `{{name}}` placeholders in string arguments are replaced (e.g. `workspace`: the temp dir);
   * a turn's `capture` adds more, read from real tool results.
   */
  variables?: Readonly<Record<string, string>>;
  /**
   * The pause before each streamed chunk, in milliseconds (default
   * {@link DEFAULT_CHUNK_DELAY_MS}); 0 streams without waiting. A turn's `streamDelayMs`
   * overrides it.
   */
  chunkDelayMs?: number;
}

function substitute(value: unknown, variables: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => variables[name] ?? whole);
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, variables));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, variables)]));
  }
  return value;
}

/**
 * An embedded model that plays a scenario file, so the agent runs with no key and no network.
 * It is deterministic but not blind: before each turn it checks the scenario's expectations
 * against what really happened (the previous tool results, the declarations it was sent) and
 * fails with `scenario_diverged` if the agent under it behaved differently.
 */
export class ScriptedProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'scripted' as const;
  readonly target: ModelProvider['target'];
  readonly model: string;
  readonly nullAsAbsent = false;
  readonly #scenario: Scenario;
  readonly #variables: Record<string, string>;
  readonly #chunkDelayMs: number;

  constructor(options: ScriptedProviderOptions) {
    this.#scenario = options.scenario;
    this.#variables = { ...options.variables };
    this.#chunkDelayMs = options.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS;
    this.target = options.target ?? 'anthropic';
    this.model = `scripted:${options.scenario.name}`;
  }

  /** The scenario turn that the next request will play, by the number of assistant turns so far. */
  turnFor(request: ModelRequest): ScenarioTurn | undefined {
    const played = request.messages.filter((message) => message.role === 'assistant').length;
    return this.#scenario.turns[played];
  }

  /**
   * Streams the turn the conversation has reached, in chunks with a pause before each (see
   * {@link scriptedStreamChunks}). The scenario's expectations are checked before the first
   * event, so a divergence throws `scenario_diverged` and streams nothing. An abort of
   * `request.signal` stops the stream with the abort reason, also in the middle of a pause.
   */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    request.signal?.throwIfAborted();
    const played = request.messages.filter((message) => message.role === 'assistant').length;
    const turn = this.#scenario.turns[played];
    if (turn !== undefined) {
      this.#checkDeclarations(turn, request, played);
      this.#checkResults(turn, request, played);
      this.#capture(turn, request, played);
    }
    const text = turn?.text ?? `(scenario "${this.#scenario.name}" has no more turns)`;
    const toolCalls: ModelToolCall[] = (turn?.toolCalls ?? []).map((call, index) => ({
      id: `scripted-${played}-${index}`,
      name: call.name,
      arguments: substitute(call.arguments ?? {}, this.#variables),
    }));
    const delayMs = turn?.streamDelayMs ?? this.#chunkDelayMs;
    for (const chunk of scriptedStreamChunks(text, toolCalls)) {
      await pause(delayMs, request.signal);
      yield* chunk;
    }
  }

  send(request: ModelRequest): Promise<ModelResponse> {
    return collectResponse(this.stream(request));
  }

  #checkDeclarations(turn: ScenarioTurn, request: ModelRequest, played: number): void {
    const declared = new Set(request.tools.map((tool) => tool.name));
    for (const name of turn.expectTools ?? []) {
      if (!declared.has(name)) {
        this.#diverged(played, `expected tool ${name} to be declared; declared: ${[...declared].join(', ')}`);
      }
    }
    for (const name of turn.expectNoTools ?? []) {
      if (declared.has(name)) this.#diverged(played, `expected tool ${name} NOT to be declared, but it was`);
    }
  }

  #checkResults(turn: ScenarioTurn, request: ModelRequest, played: number): void {
    if (turn.expectResults === undefined) return;
    const last = request.messages.at(-1);
    const results = lastToolResults(request);
    if (last === undefined) this.#diverged(played, 'expected tool results, the conversation is empty');
    for (const expectation of turn.expectResults) {
      const result = results[expectation.call];
      if (result === undefined) {
        this.#diverged(
          played,
          `expected a result for call ${expectation.call}; got ${results.length} results`,
        );
      }
      if (expectation.isError !== undefined && result.isError !== expectation.isError) {
        this.#diverged(
          played,
          `expected call ${expectation.call} (${result.toolName}) to ${expectation.isError ? 'fail' : 'succeed'}; it returned: ${result.content.slice(0, 300)}`,
        );
      }
      if (expectation.includes !== undefined && !result.content.includes(expectation.includes)) {
        this.#diverged(
          played,
          `expected call ${expectation.call} (${result.toolName}) to mention "${expectation.includes}"; it returned: ${result.content.slice(0, 300)}`,
        );
      }
    }
  }

  /** Fills the turn's placeholders from the previous results: what a model copies from an output. */
  #capture(turn: ScenarioTurn, request: ModelRequest, played: number): void {
    if (turn.capture === undefined) return;
    const results = lastToolResults(request);
    for (const capture of turn.capture) {
      const content = results[capture.call]?.content;
      const value = content === undefined ? undefined : new RegExp(capture.pattern).exec(content)?.[1];
      if (value === undefined) {
        this.#diverged(
          played,
          `expected call ${capture.call} to contain /${capture.pattern}/ for {{${capture.name}}}; it returned: ${(content ?? '(no result)').slice(0, 300)}`,
        );
      }
      this.#variables[capture.name] = value;
    }
  }

  #diverged(turn: number, reason: string): never {
    throw new AgentError(
      AgentErrorCode.ScenarioDiverged,
      `Scenario "${this.#scenario.name}" diverged at turn ${turn + 1}: ${reason}`,
    );
  }
}

/** The results of the latest tool message of the conversation. */
function lastToolResults(request: ModelRequest): readonly ModelToolResult[] {
  const lastTool = [...request.messages].reverse().find((message) => message.role === 'tool');
  return lastTool?.role === 'tool' ? lastTool.results : [];
}

/**
 * Waits `delayMs`, or throws the abort reason as soon as `signal` aborts. It uses the global
 * `setTimeout` (not `node:timers/promises`) so that a test's fake clock paces the stream and
 * a test can check the delays asked for instead of the time a loaded machine took.
 */
function pause(delayMs: number, signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  if (delayMs <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delayMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
