import type { ToolDescription, ToolDescriptionText, ToolExample } from '@toolwright/spec';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import { deepFreeze } from './deep-freeze.js';
import { invalidOption } from './invalid-option.js';

export type { ToolDescription, ToolDescriptionText, ToolExample } from '@toolwright/spec';

/** Options of {@link renderToolDescription}. */
export interface RenderDescriptionOptions {
  /**
   * Leave structured examples out of the text: the target receives them as input examples
   * (Anthropic's `input_examples`). Plain-string examples are always rendered. Default `false`.
   */
  readonly structuredExamplesSentApart?: boolean;
}

const RENDER_OPTIONS: OptionTable<RenderDescriptionOptions> = {
  structuredExamplesSentApart: { kind: 'boolean' },
};

/** The non-empty, trimmed points of a part written as text or as a list. */
function pointsOf(text: ToolDescriptionText | undefined): string[] {
  if (text === undefined) {
    return [];
  }
  const items = typeof text === 'string' ? [text] : text;
  return items.map((item) => item.trim()).filter(Boolean);
}

function renderExample(example: string | ToolExample): string {
  if (typeof example === 'string') {
    return example.trim();
  }
  // JSON.stringify keeps the author's key order; the params are frozen, so the bytes never change.
  return `${example.description.trim()}: ${JSON.stringify(example.params)}`;
}

/**
 * Renders the description parts in the fixed order, separated by blank lines. Each part is
 * trimmed; absent and empty parts are left out. A list of usage notes or important points is
 * rendered as `- ` points (a list of one reads like the plain text). A structured example
 * becomes `- description: {"the":"params"}` unless `structuredExamplesSentApart` is set. The
 * output depends only on the parts and the option, so it is the same byte for byte on every call
 * (prompt caches rely on that). An unknown option, or a non-boolean `structuredExamplesSentApart`,
 * throws `InvalidOptionError` (`invalid_option`).
 */
export function renderToolDescription(
  description: ToolDescription,
  options: RenderDescriptionOptions = {},
): string {
  checkOptions('RenderDescriptionOptions', options, RENDER_OPTIONS, invalidOption);
  const sections: string[] = [description.short.trim()];
  const long = description.long?.trim();
  if (long) {
    sections.push(long);
  }
  const usageNotes = pointsOf(description.usageNotes);
  if (usageNotes.length === 1) {
    sections.push(`Usage notes:\n${usageNotes[0]}`);
  } else if (usageNotes.length > 1) {
    sections.push(`Usage notes:\n${usageNotes.map((note) => `- ${note}`).join('\n')}`);
  }
  const examples = (description.examples ?? [])
    .filter((example) => typeof example === 'string' || options.structuredExamplesSentApart !== true)
    .map(renderExample)
    .filter(Boolean);
  if (examples.length > 0) {
    sections.push(`Examples:\n${examples.map((example) => `- ${example}`).join('\n')}`);
  }
  const important = pointsOf(description.important);
  if (important.length === 1) {
    sections.push(`IMPORTANT: ${important[0]}`);
  } else if (important.length > 1) {
    sections.push(`IMPORTANT:\n${important.map((point) => `- ${point}`).join('\n')}`);
  }
  return sections.join('\n\n');
}

/** The params of a description's structured examples, in order (empty when it has none). */
export function inputExamplesOf(description: ToolDescription): readonly Readonly<Record<string, unknown>>[] {
  const examples: Readonly<Record<string, unknown>>[] = [];
  for (const example of description.examples ?? []) {
    if (typeof example !== 'string') {
      examples.push(example.params);
    }
  }
  return examples;
}

const copyText = (text: ToolDescriptionText): ToolDescriptionText =>
  typeof text === 'string' ? text : Object.freeze([...text]);

/** The parts of a description that may be kept as given when it is frozen and they are all strings. */
const TEXT_PARTS = new Set(['short', 'long', 'usageNotes', 'important']);

/**
 * True when `description` is frozen and holds only text parts, each a string data property:
 * nothing can change it later, so it can be kept as it is (an MCP adapter passes one such object
 * per listed tool; a copy beside it cost each tool of a large catalog another object).
 */
function isFrozenPlainText(description: ToolDescription): boolean {
  if (!Object.isFrozen(description) || Object.getPrototypeOf(description) !== Object.prototype) return false;
  for (const key of Reflect.ownKeys(description)) {
    if (typeof key !== 'string' || !TEXT_PARTS.has(key)) return false;
    if (typeof Object.getOwnPropertyDescriptor(description, key)?.value !== 'string') return false;
  }
  return true;
}

/**
 * The frozen parts of a config's description: a string becomes `{ short }`; only the parts that
 * are present are copied, so the result has no `undefined` keys. Lists and example params are
 * copied and deeply frozen, so changing the config later cannot change the tool. A description
 * that is already frozen and only text (strings) is kept as it is.
 */
export function normaliseDescription(description: string | ToolDescription): ToolDescription {
  if (typeof description === 'string') {
    return Object.freeze({ short: description });
  }
  if (isFrozenPlainText(description)) return description;
  const parts: { -readonly [Key in keyof ToolDescription]: ToolDescription[Key] } = {
    short: description.short,
  };
  if (description.long !== undefined) {
    parts.long = description.long;
  }
  if (description.usageNotes !== undefined) {
    parts.usageNotes = copyText(description.usageNotes);
  }
  if (description.examples !== undefined) {
    parts.examples = Object.freeze(
      description.examples.map((example) =>
        typeof example === 'string'
          ? example
          : Object.freeze({
              description: example.description,
              params: deepFreeze(structuredClone(example.params)),
            }),
      ),
    );
  }
  if (description.important !== undefined) {
    parts.important = copyText(description.important);
  }
  return Object.freeze(parts);
}
