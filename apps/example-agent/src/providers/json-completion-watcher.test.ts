import { describe, expect, it } from 'vitest';
import { JsonCompletionWatcher } from './json-completion-watcher.js';

function statesAfter(fragments: readonly string[]): string[] {
  const watcher = new JsonCompletionWatcher();
  return fragments.map((fragment) => watcher.write(fragment));
}

describe('JsonCompletionWatcher', () => {
  it('reports complete at the fragment that closes the value, not before', () => {
    expect(statesAfter(['{"file_', 'path":"', 'a.txt"}'])).toEqual(['incomplete', 'incomplete', 'complete']);
  });

  it('is not fooled by braces and escaped quotes inside strings', () => {
    expect(statesAfter(['{"pattern":"}\\"', '{","n":[1,{"a":2}', ']}'])).toEqual([
      'incomplete',
      'incomplete',
      'complete',
    ]);
  });

  it('stays complete after trailing whitespace, and turns malformed after trailing text', () => {
    expect(statesAfter(['{}', ' \n'])).toEqual(['complete', 'complete']);
    expect(statesAfter(['{"a":1}', 'x'])).toEqual(['complete', 'malformed']);
    expect(statesAfter(['{"a":1}x'])).toEqual(['malformed']);
  });

  it('reports malformed text, and stays malformed', () => {
    expect(statesAfter(['{bad', '}'])).toEqual(['malformed', 'malformed']);
  });

  it('waits for more text while the value could still go on', () => {
    // A top-level number could have more digits; arguments are objects, so this is rare.
    expect(statesAfter(['12'])).toEqual(['incomplete']);
    expect(statesAfter(['', '{', '}'])).toEqual(['incomplete', 'incomplete', 'complete']);
  });
});
