/**
 * A tool's description in parts, so that every tool's declaration reads the same way. Parts are
 * rendered in one fixed order: short, long, usage notes, examples, important.
 */
export interface ToolDescription {
  /** One sentence: what the tool does. Required and non-empty. */
  readonly short: string;
  /** More detail: behaviour, limits, what the output looks like. */
  readonly long?: string;
  /** When to use it and when not to. */
  readonly usageNotes?: string;
  /** Example calls or situations, rendered as a list. */
  readonly examples?: readonly string[];
  /** What the model must not get wrong, rendered last so it is read last. */
  readonly important?: string;
}

/**
 * Renders the description parts in the fixed order, separated by blank lines. Each part is
 * trimmed; absent and empty parts are left out. The output depends only on the parts, so it is
 * the same byte for byte on every call (prompt caches rely on that).
 */
export function renderToolDescription(description: ToolDescription): string {
  const sections: string[] = [description.short.trim()];
  const long = description.long?.trim();
  if (long) {
    sections.push(long);
  }
  const usageNotes = description.usageNotes?.trim();
  if (usageNotes) {
    sections.push(`Usage notes:\n${usageNotes}`);
  }
  const examples = (description.examples ?? []).map((example) => example.trim()).filter(Boolean);
  if (examples.length > 0) {
    sections.push(`Examples:\n${examples.map((example) => `- ${example}`).join('\n')}`);
  }
  const important = description.important?.trim();
  if (important) {
    sections.push(`IMPORTANT: ${important}`);
  }
  return sections.join('\n\n');
}

/**
 * The frozen parts of a config's description: a string becomes `{ short }`; only the parts that
 * are present are copied, so the result has no `undefined` keys.
 */
export function normaliseDescription(description: string | ToolDescription): ToolDescription {
  if (typeof description === 'string') {
    return Object.freeze({ short: description });
  }
  const parts: { -readonly [Key in keyof ToolDescription]: ToolDescription[Key] } = {
    short: description.short,
  };
  if (description.long !== undefined) {
    parts.long = description.long;
  }
  if (description.usageNotes !== undefined) {
    parts.usageNotes = description.usageNotes;
  }
  if (description.examples !== undefined) {
    parts.examples = Object.freeze([...description.examples]);
  }
  if (description.important !== undefined) {
    parts.important = description.important;
  }
  return Object.freeze(parts);
}
