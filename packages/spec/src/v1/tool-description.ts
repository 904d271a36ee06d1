/**
 * An example call with its arguments. `params` are checked against the tool's schema when the
 * tool is created; providers that take input examples (Anthropic's `input_examples`) receive
 * them as such, the others read them in the description.
 */
export interface ToolExample {
  /** What the example shows, e.g. "Read the first 50 lines". Required and non-empty. */
  readonly description: string;
  /** The arguments, exactly as the model would send them (no coercion is applied). */
  readonly params: Readonly<Record<string, unknown>>;
}

/** A description part written as one text or as a list of points. */
export type ToolDescriptionText = string | readonly string[];

/**
 * A tool's description in parts, so that every tool's declaration reads the same way. Parts are
 * rendered in one fixed order: short, long, usage notes, examples, important.
 */
export interface ToolDescription {
  /** One sentence: what the tool does. Required and non-empty. */
  readonly short: string;
  /** More detail: behaviour, limits, what the output looks like. */
  readonly long?: string;
  /** When to use it and when not to: one text, or a list rendered as points. */
  readonly usageNotes?: ToolDescriptionText;
  /** Example situations (strings) or example calls (`{ description, params }`), rendered as a list. */
  readonly examples?: readonly (string | ToolExample)[];
  /** What the model must not get wrong, rendered last so it is read last: one text, or a list. */
  readonly important?: ToolDescriptionText;
}
