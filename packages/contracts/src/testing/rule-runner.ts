import type { ConformanceFailure } from './conformance-error.js';

/** Records one failure of the rule being checked. */
export type Fail = (message: string) => void;

/** Runs one named rule; a rule that throws is recorded as failed, and the next rule still runs. */
export type RunRule = (rule: string, check: (fail: Fail) => void) => void;

/** A rule runner and what it collected. */
export interface RuleRunner {
  readonly run: RunRule;
  readonly rulesChecked: string[];
  readonly failures: ConformanceFailure[];
}

/** Creates a runner that collects every failure instead of stopping at the first. */
export function createRuleRunner(): RuleRunner {
  const rulesChecked: string[] = [];
  const failures: ConformanceFailure[] = [];
  const run: RunRule = (rule, check) => {
    rulesChecked.push(rule);
    const fail: Fail = (message) => {
      failures.push({ rule, message });
    };
    try {
      check(fail);
    } catch (error) {
      fail(`threw while checking: ${describeError(error)}`);
    }
  };
  return { run, rulesChecked, failures };
}

/** `Name (code): first line of the message`, for failure messages. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` (${code})` : ''}: ${error.message.split('\n')[0]}`;
  }
  return String(error);
}
