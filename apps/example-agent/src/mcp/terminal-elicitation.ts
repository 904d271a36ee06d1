import type { McpElicitationAnswer, McpFormElicitationHandler } from '@toolwright/mcp-adapter';
import { printable } from '../cli/printable.js';
import type { Terminal } from './terminal.js';

/** How many more times a required field left empty is asked before the question is cancelled. */
const MAX_RETRIES = 2;

/** One property of a requested schema, as far as the questions need it. */
interface FieldSchema {
  readonly type?: string;
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly enum?: readonly string[];
  readonly oneOf?: ReadonlyArray<{ const: string; title?: string }>;
  readonly items?: { enum?: readonly string[]; anyOf?: ReadonlyArray<{ const: string; title?: string }> };
}

/** The values a field offers to choose from, with their titles. */
function choicesOf(field: FieldSchema): Array<{ value: string; title: string }> {
  const titled = field.oneOf ?? field.items?.anyOf;
  if (titled !== undefined)
    return titled.map((choice) => ({ value: choice.const, title: choice.title ?? choice.const }));
  const plain = field.enum ?? field.items?.enum;
  return (plain ?? []).map((value) => ({ value, title: value }));
}

/** The user's text as the field's value: a choice by number or value, a yes/no, a list; empty is "left out". */
function fieldValue(field: FieldSchema, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const choices = choicesOf(field);
  const pick = (part: string) => {
    const index = Number(part);
    return Number.isInteger(index) && index >= 1 && index <= choices.length
      ? choices[index - 1]!.value
      : part;
  };
  if (field.type === 'array') return trimmed.split(',').map((part) => pick(part.trim()));
  if (choices.length > 0) return pick(trimmed);
  if (field.type === 'boolean') {
    if (/^(y|yes|true)$/i.test(trimmed)) return true;
    if (/^(n|no|false)$/i.test(trimmed)) return false;
  }
  // Numbers stay text: the adapter turns "42" into 42 when the schema asks for a number, and
  // refuses anything else with the reason.
  return trimmed;
}

/**
 * Form elicitation on the terminal: the server's message (its name first, since a server is not
 * the user's agent), then one question per field with its choices and default. Enter leaves a
 * field out, so its default applies. `n` declines, `c` cancels. Without a terminal (not
 * interactive) every request is declined, and `report` says so.
 */
export function terminalElicitation(
  terminal: Terminal | undefined,
  report: (message: string) => void,
): McpFormElicitationHandler {
  return async (request, { server }) => {
    if (terminal === undefined) {
      report(
        `mcp ${server}: asked for input ("${printable(request.message)}"); declined: not interactive, nobody to ask`,
      );
      return { action: 'decline' };
    }
    const answer = await terminal.question(
      `\nMCP server "${server}" asks: ${printable(request.message)}\nAnswer? [Y]es / [n]o, decline / [c]ancel `,
    );
    if (/^c(ancel)?$/i.test(answer.trim())) return { action: 'cancel' };
    if (/^no?$/i.test(answer.trim())) return { action: 'decline' };
    const properties = (request.requestedSchema.properties ?? {}) as Record<string, FieldSchema>;
    const required = new Set((request.requestedSchema.required ?? []) as string[]);
    const content: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(properties)) {
      const choices = choicesOf(field);
      const lines = [
        `  ${printable(field.title ?? name)}${required.has(name) ? ' (required)' : ''}${field.description === undefined ? '' : ` — ${printable(field.description)}`}`,
        ...choices.map((choice, index) => `    ${index + 1}) ${printable(choice.title)}`),
      ];
      const fallback = field.default === undefined ? '' : ` [${printable(JSON.stringify(field.default))}]`;
      const prompt = `${lines.join('\n')}\n  ${field.type === 'array' ? 'choices, comma-separated' : 'value'}${fallback}: `;
      let value = fieldValue(field, await terminal.question(prompt));
      // A required field without a default cannot be left out: ask again, then give up (cancel).
      const mustAnswer = required.has(name) && field.default === undefined;
      for (let retry = 0; mustAnswer && value === undefined && retry < MAX_RETRIES; retry++)
        value = fieldValue(
          field,
          await terminal.question(`  ${printable(field.title ?? name)} is required: `),
        );
      if (mustAnswer && value === undefined) {
        report(
          `mcp ${server}: the required field "${printable(name)}" was left empty; the question was cancelled`,
        );
        return { action: 'cancel' };
      }
      if (value !== undefined) content[name] = value;
    }
    return { action: 'accept', content } satisfies McpElicitationAnswer;
  };
}
