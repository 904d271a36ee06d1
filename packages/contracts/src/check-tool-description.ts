import { formatValue } from './format-value.js';
import { pushOptionProblem } from './unknown-keys.js';

const DESCRIPTION_KEYS = ['short', 'long', 'usageNotes', 'examples', 'important'];
const EXAMPLE_KEYS = ['description', 'params'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** A part that may be one text or a list of texts (`usageNotes`, `important`). */
function checkText(key: string, value: unknown): string[] {
  if (value === undefined || typeof value === 'string') {
    return [];
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return [];
  }
  return [
    `description.${key} is ${formatValue(value)}; expected a string or an array of strings (or leave it out)`,
  ];
}

/** One entry of `examples`: a string, or `{ description, params }` with params a plain object. */
function checkExample(example: unknown, index: number): string[] {
  if (typeof example === 'string') {
    return [];
  }
  const where = `description.examples[${index}]`;
  if (!isPlainObject(example)) {
    return [`${where} is ${formatValue(example)}; expected a string or { description, params }`];
  }
  const problems: string[] = [];
  pushOptionProblem(problems, `config.${where}`, example, EXAMPLE_KEYS);
  if (typeof example.description !== 'string' || example.description.trim() === '') {
    problems.push(
      `${where}.description is ${formatValue(example.description)}; expected a non-empty sentence saying what the example shows`,
    );
  }
  if (!isPlainObject(example.params)) {
    problems.push(
      `${where}.params is ${formatValue(example.params)}; expected an object of arguments, as the model would send them`,
    );
  }
  return problems;
}

/**
 * The shape of a config's description, one problem per line: a non-empty string, or
 * `{ short, long?, usageNotes?, examples?, important? }` where `usageNotes` and `important` are a
 * string or an array of strings and `examples` holds strings or `{ description, params }`. The
 * examples' params are checked against the schema later, once the schema is compiled (see
 * `checkToolExamples`).
 */
export function checkDescription(description: unknown): string[] {
  if (typeof description === 'string') {
    return description.trim() === ''
      ? ['description is empty; expected a non-empty string or { short, ... }']
      : [];
  }
  if (typeof description !== 'object' || description === null || Array.isArray(description)) {
    return [
      `description is ${formatValue(description)}; expected a non-empty string or { short, long?, usageNotes?, examples?, important? }`,
    ];
  }
  const parts = description as Record<string, unknown>;
  const problems: string[] = [];
  pushOptionProblem(problems, 'config.description', parts, DESCRIPTION_KEYS);
  if (typeof parts.short !== 'string' || parts.short.trim() === '') {
    problems.push(
      `description.short is ${formatValue(parts.short)}; expected a non-empty sentence saying what the tool does`,
    );
  }
  if (parts.long !== undefined && typeof parts.long !== 'string') {
    problems.push(`description.long is ${formatValue(parts.long)}; expected a string (or leave it out)`);
  }
  problems.push(...checkText('usageNotes', parts.usageNotes), ...checkText('important', parts.important));
  if (parts.examples !== undefined) {
    if (Array.isArray(parts.examples)) {
      parts.examples.forEach((example, index) => {
        problems.push(...checkExample(example, index));
      });
    } else {
      problems.push(
        `description.examples is ${formatValue(parts.examples)}; expected an array of strings or { description, params }`,
      );
    }
  }
  return problems;
}
