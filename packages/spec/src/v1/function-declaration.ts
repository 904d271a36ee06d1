import type { JsonSchema, ProviderTarget } from './json-schema.js';

/**
 * A tool's declaration in one target's schema dialect. It is frozen and cached by the tool;
 * `toProviderToolFormat` of `@toolwright/contracts` wraps it in the target's wire shape.
 */
export interface FunctionDeclaration {
  readonly name: string;
  /** The description parts rendered in their fixed order. */
  readonly description: string;
  /** The schema projected for `target`. */
  readonly parameters: JsonSchema;
  readonly target: ProviderTarget;
  /** OpenAI strict mode: present (`true`) for chat when set; always present for responses. */
  readonly strict?: boolean;
  /**
   * The params of the tool's structured examples, for a target that takes input examples (`INPUT_EXAMPLE_TARGETS` of `@toolwright/contracts`);
   * present only when the tool has some (the description then leaves them out). Each was checked
   * against the tool's schema when the tool was created.
   */
  readonly inputExamples?: readonly Readonly<Record<string, unknown>>[];
}
