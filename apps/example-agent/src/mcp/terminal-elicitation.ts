import type { McpElicitationAnswer, McpFormElicitationHandler } from '@toolwright/mcp-client';
import { printable } from '../cli/printable.js';
import { secretFieldReason } from './secret-field.js';
import { serverTextBlock } from './server-text-block.js';
import type { Terminal } from './terminal.js';

/** How many more times a required field left empty is asked before the question is cancelled. */
const MAX_RETRIES = 2;

/** One property of a requested schema, as far as the questions need it. */
interface FieldSchema {
  readonly type?: string;
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly format?: string;
  readonly writeOnly?: boolean;
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

/** Server text for one line of the client's own: quoted as JSON (no newline can survive), escaped. */
function oneLine(text: string): string {
  return printable(JSON.stringify(text));
}

/**
 * Form elicitation on the terminal. Everything the server wrote (its message, each field's title,
 * description and choices) is shown as one block attributed to it: every line prefixed with the
 * server's name and a gutter and escaped, so a newline in its text cannot draw the client's own
 * prompt or another server's question. The client's lines (the question, "value:") are never
 * prefixed. A field that looks like a secret (password, token, key, …) gets a warning first and
 * is read without echo; its answer is never printed. Enter leaves a field out, so its default
 * applies. `n` declines, `c` cancels. Without a terminal (not interactive) every request is
 * declined, and `report` says so.
 */
export function terminalElicitation(
  terminal: Terminal | undefined,
  report: (message: string) => void,
): McpFormElicitationHandler {
  return async (request, { server }) => {
    if (terminal === undefined) {
      report(
        `mcp ${server}: asked for input (${oneLine(request.message)}); declined: not interactive, nobody to ask`,
      );
      return { action: 'decline' };
    }
    const properties = (request.requestedSchema.properties ?? {}) as Record<string, FieldSchema>;
    const secrets = Object.entries(properties).flatMap(([name, field]) => {
      const reason = secretFieldReason(name, field);
      return reason === undefined ? [] : [`${oneLine(field.title ?? name)} (${reason})`];
    });
    const warning =
      secrets.length === 0
        ? ''
        : `\n! MCP server "${printable(server)}" asks for what looks like a secret: ${secrets.join(', ')}. Give it only if you trust this server with it; what you type there is not shown.`;
    const answer = await terminal.question(
      `\nMCP server "${printable(server)}" asks for input; its message:\n${serverTextBlock(server, request.message)}${warning}\nAnswer? [Y]es / [n]o, decline / [c]ancel `,
    );
    if (/^c(ancel)?$/i.test(answer.trim())) return { action: 'cancel' };
    if (/^no?$/i.test(answer.trim())) return { action: 'decline' };
    const required = new Set((request.requestedSchema.required ?? []) as string[]);
    const content: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(properties)) {
      const choices = choicesOf(field);
      const secret = secretFieldReason(name, field) !== undefined;
      const described = [
        `${field.title ?? name}${field.description === undefined ? '' : ` — ${field.description}`}`,
        ...choices.map((choice, index) => `${index + 1}) ${choice.title}`),
      ].join('\n');
      // A secret's default is not shown either: it is the server's guess at the user's secret.
      const fallback =
        field.default === undefined || secret ? '' : ` [${printable(JSON.stringify(field.default))}]`;
      const kind = field.type === 'array' ? 'choices, comma-separated' : secret ? 'value (hidden)' : 'value';
      const prompt = `${serverTextBlock(server, described)}\n  ${oneLine(name)}${required.has(name) ? ' (required)' : ''} ${kind}${fallback}: `;
      const options = { secret };
      // A secret is taken as typed (spaces are part of a password); anything else is read as usual.
      const read = (text: string) =>
        secret && choices.length === 0 && (field.type ?? 'string') === 'string'
          ? text === ''
            ? undefined
            : text
          : fieldValue(field, text);
      let value = read(await terminal.question(prompt, options));
      // A required field without a default cannot be left out: ask again, then give up (cancel).
      const mustAnswer = required.has(name) && field.default === undefined;
      for (let retry = 0; mustAnswer && value === undefined && retry < MAX_RETRIES; retry++)
        value = read(await terminal.question(`  ${oneLine(name)} is required: `, options));
      if (mustAnswer && value === undefined) {
        report(
          `mcp ${server}: the required field ${oneLine(name)} was left empty; the question was cancelled`,
        );
        return { action: 'cancel' };
      }
      if (value !== undefined) content[name] = value;
    }
    return { action: 'accept', content } satisfies McpElicitationAnswer;
  };
}
