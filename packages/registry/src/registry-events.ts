import { didYouMean, previewValue } from '@toolwright/utils';
import type { CatalogChange } from './catalog-change.js';
import type { DeclarationSet } from './declaration-set.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/** Every event a registry emits, by name, with its payload. */
export interface RegistryEvents {
  /** A tool entered the catalog; `source` is its group, or `builtin` for a tool of `register()`. */
  registered: {
    readonly name: string;
    readonly source: string;
    readonly revision: number;
    /**
     * Lint warnings about the tool as registered, for the host to show: today one, for a tool
     * that is shared and not concurrency-safe yet declares no `affectedPaths` (an executor runs
     * each of its calls alone). Empty for most tools.
     */
    readonly warnings: readonly string[];
  };
  /** A tool left the catalog (`reason` says why when it was not an explicit `unregister`). */
  unregistered: {
    readonly name: string;
    readonly source: string;
    readonly reason: string | undefined;
    readonly revision: number;
  };
  /**
   * A source group changed (replace, removal, `unregister` of one of its tools, or a built-in
   * taking one of its names). The same change is queued for `drainCatalogChanges`: a consumer
   * takes changes one of the two ways, never both.
   */
  'catalog-change': CatalogChange;
  /** A built-in was registered under a name a grouped tool held: the built-in won, that tool left its group. */
  'tool-shadowed': { readonly name: string; readonly source: string; readonly revision: number };
  /** Deferred tools were loaded (ToolSearch found them); their schemas reach the next request. */
  loaded: { readonly names: readonly string[]; readonly revision: number };
  /** A declaration set had to leave tools out to respect the provider's limit. */
  'provider-limit': DeclarationSet;
}

/** The name of a registry event. */
export type RegistryEventName = keyof RegistryEvents;

/** Every event name, in the order of {@link RegistryEvents}. */
const REGISTRY_EVENT_NAMES: readonly RegistryEventName[] = [
  'registered',
  'unregistered',
  'catalog-change',
  'tool-shadowed',
  'loaded',
  'provider-limit',
];

/** A listener for an event that does not exist would simply never run: refuse it instead. */
function checkSubscription(event: unknown, listener: unknown): void {
  if (!REGISTRY_EVENT_NAMES.includes(event as RegistryEventName)) {
    const named = typeof event === 'string' ? JSON.stringify(event) : previewValue(event);
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `on: unknown event ${named}${typeof event === 'string' ? didYouMean(event, REGISTRY_EVENT_NAMES) : ''}; ` +
        `accepted: ${REGISTRY_EVENT_NAMES.join(', ')}.`,
    );
  }
  if (typeof listener !== 'function') {
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `on: the listener must be a function; got ${previewValue(listener)}.`,
    );
  }
}

/** A listener of one registry event. */
export type RegistryListener<E extends RegistryEventName> = (payload: RegistryEvents[E]) => void;

/**
 * Default for a listener that throws: the registry's state is already consistent (events are
 * emitted after each change is complete), so the error is rethrown on a microtask where it is
 * loud (an uncaught exception) without leaving the registry half-changed.
 */
export function rethrowListenerErrorLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

/** A minimal typed event emitter; listeners run in the order they were added. */
export class RegistryEventEmitter {
  readonly #listeners = new Map<RegistryEventName, Set<(payload: never) => void>>();

  constructor(private readonly onListenerError: (error: unknown, event: RegistryEventName) => void) {}

  /** Adds a listener; returns the function that removes it. */
  on<E extends RegistryEventName>(event: E, listener: RegistryListener<E>): () => void {
    checkSubscription(event, listener);
    let listeners = this.#listeners.get(event);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(event, listeners);
    }
    listeners.add(listener as (payload: never) => void);
    return () => {
      listeners.delete(listener as (payload: never) => void);
    };
  }

  /** True when someone listens to `event`, so callers can skip building payloads nobody reads. */
  has(event: RegistryEventName): boolean {
    return (this.#listeners.get(event)?.size ?? 0) > 0;
  }

  /** Calls every listener of `event`; a throwing listener does not stop the others. */
  emit<E extends RegistryEventName>(event: E, payload: RegistryEvents[E]): void {
    const listeners = this.#listeners.get(event);
    if (listeners === undefined) return;
    for (const listener of [...listeners]) {
      try {
        (listener as RegistryListener<E>)(payload);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
