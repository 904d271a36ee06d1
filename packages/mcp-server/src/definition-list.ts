import { checkOption } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';

/** A server option that lists host definitions (`resources`, `prompts`), as an array: absent is none. */
export function definitionList(name: string, value: unknown): readonly unknown[] {
  checkOption('ToolwrightMcpServer', name, value, { kind: 'array' }, invalidOption);
  return (value as readonly unknown[] | undefined) ?? [];
}
