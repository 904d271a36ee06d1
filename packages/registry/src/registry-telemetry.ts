import type { DeclarationSet } from '@toolwright/spec';
import { type ResolvedTelemetry, telemetryContent } from '@toolwright/utils';
import { markSpanFailed, openTelemetry, ToolwrightAttribute } from '@toolwright/utils/telemetry';
import type { ToolSearchResult } from './tool-search.js';

/** The tracer's name: the package that makes the spans. */
const TRACER_NAME = '@toolwright/registry';

/**
 * The registry's spans: the operations that cost, a search (with its hit count) and a
 * declaration build (a cache miss; a cached answer costs nothing worth a span). Both are
 * synchronous, so a span is started and ended around the work, as a child of whatever span is
 * active (the `execute_tool ToolSearch` span when the model searched).
 */
export class RegistryTelemetry {
  readonly #settings: ResolvedTelemetry;

  constructor(settings: ResolvedTelemetry) {
    this.#settings = settings;
    // Starts loading the API, so that it is there by the first search (these paths cannot wait).
    if (settings.enabled) openTelemetry();
  }

  get settings(): ResolvedTelemetry {
    return this.#settings;
  }

  /** Runs a search inside a `tool_search` span that records how the query was read and its hits. */
  search(query: string, run: () => ToolSearchResult): ToolSearchResult {
    const span = this.#start('tool_search');
    if (span === undefined) return run();
    try {
      const result = run();
      span.setAttribute(ToolwrightAttribute.toolSearchKind, result.kind);
      span.setAttribute(ToolwrightAttribute.toolSearchHits, result.matches.length);
      if (this.#settings.content !== undefined)
        span.setAttribute(
          ToolwrightAttribute.toolSearchQuery,
          telemetryContent(query, this.#settings.content),
        );
      return result;
    } catch (error) {
      span.failed(error);
      throw error;
    } finally {
      span.end();
    }
  }

  /** Runs a declaration build inside a `declarations {target}` span that records what it declared. */
  declarations(target: string, run: () => DeclarationSet): DeclarationSet {
    const span = this.#start(`declarations ${target}`);
    if (span === undefined) return run();
    try {
      const set = run();
      span.setAttribute(ToolwrightAttribute.declarationsTarget, set.target);
      span.setAttribute(ToolwrightAttribute.declarationsMode, set.mode);
      span.setAttribute(ToolwrightAttribute.declarationsCount, set.declarations.length);
      span.setAttribute(ToolwrightAttribute.declarationsOmitted, set.omitted.length);
      span.setAttribute(ToolwrightAttribute.declarationsDeferred, set.deferLoading.length);
      return set;
    } catch (error) {
      span.failed(error);
      throw error;
    } finally {
      span.end();
    }
  }

  /** A recording span, or `undefined` when telemetry is off, absent or not sampled (no cost then). */
  #start(name: string): RegistrySpan | undefined {
    if (!this.#settings.enabled) return undefined;
    const api = openTelemetry();
    if (api === undefined) return undefined;
    const span = api.trace.getTracer(TRACER_NAME).startSpan(name);
    if (!span.isRecording()) {
      span.end();
      return undefined;
    }
    return {
      setAttribute: (key, value) => void span.setAttribute(key, value),
      failed: (error) => void markSpanFailed(span, error),
      end: () => span.end(),
    };
  }
}

/** The little of a span the registry uses, so no OpenTelemetry type reaches its public surface. */
interface RegistrySpan {
  setAttribute(key: string, value: string | number): void;
  failed(error: unknown): void;
  end(): void;
}
