import { describeOptionProblem } from '@toolwright/utils';
import { AgentError, AgentErrorCode } from '../errors.js';

/**
 * Refuses an options object that is not a plain object or has a key outside `known`, with the
 * wording every toolwright package uses (`describeOptionProblem`: each unknown key, the nearest
 * known name, the accepted ones). A misspelt option ignored would leave its default in force.
 */
export function checkOptions(owner: string, options: unknown, known: readonly string[]): void {
  const problem = describeOptionProblem(owner, options, known);
  if (problem !== undefined) throw new AgentError(AgentErrorCode.OptionInvalid, problem);
}
