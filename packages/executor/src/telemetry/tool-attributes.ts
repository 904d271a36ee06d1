import type { Attributes } from '@opentelemetry/api';
import { SemanticAttribute, ToolwrightAttribute } from '@toolwright/utils/telemetry';

/**
 * At most this many tools, and this many sets of one tool for one metric, are kept. A call's
 * tool name and its error type come from outside (the model, a thrown error): past the limit a
 * set is made per record, as the SDK would otherwise be given, so memory stays bounded.
 */
const MAX_TOOLS = 256;
const MAX_SETS_A_METRIC = 32;

/** `make(key)`, kept under `key` while `memo` holds fewer than `limit` entries. */
function remembered<T>(memo: Map<string, T>, key: string, limit: number, make: (key: string) => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    value = make(key);
    if (memo.size < limit) memo.set(key, value);
  }
  return value;
}

/**
 * What the telemetry of one tool's calls repeats on every call, made once: its span name and
 * the frozen attribute sets of its metric points. The SDK hashes a point's attributes on every
 * record whatever the object; a set made once spares the object, its spread and its shape.
 */
export class ToolAttributes {
  /** `execute_tool {name}`. */
  readonly spanName: string;
  /** `gen_ai.tool.name` alone (artifact bytes). */
  readonly tool: Attributes;
  readonly #byOutcome = new Map<string, Attributes>();
  readonly #byDecision = new Map<string, Attributes>();
  readonly #byErrorType = new Map<string, Attributes>();

  constructor(name: string) {
    this.spanName = `execute_tool ${name}`;
    this.tool = Object.freeze({ [SemanticAttribute.genAiToolName]: name });
  }

  /** The tool and `toolwright.call.outcome` (the duration histogram). */
  outcome(status: string): Attributes {
    return remembered(this.#byOutcome, status, MAX_SETS_A_METRIC, () =>
      Object.freeze({ ...this.tool, [ToolwrightAttribute.callOutcome]: status }),
    );
  }

  /** The tool and `toolwright.permission.outcome` (the decision counter). */
  decision(behavior: string): Attributes {
    return remembered(this.#byDecision, behavior, MAX_SETS_A_METRIC, () =>
      Object.freeze({ ...this.tool, [ToolwrightAttribute.permissionOutcome]: behavior }),
    );
  }

  /** The tool and `error.type` (the error counter). */
  errorType(type: string): Attributes {
    return remembered(this.#byErrorType, type, MAX_SETS_A_METRIC, () =>
      Object.freeze({ ...this.tool, [SemanticAttribute.errorType]: type }),
    );
  }
}

/** The {@link ToolAttributes} of every tool an executor's telemetry has seen, up to a limit. */
export class ToolAttributesCache {
  readonly #byName = new Map<string, ToolAttributes>();

  of(name: string): ToolAttributes {
    return remembered(this.#byName, name, MAX_TOOLS, () => new ToolAttributes(name));
  }
}
