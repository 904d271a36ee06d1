import type { Scan } from './analysis-scan.js';
import type { CommandReading } from './command-view.js';
import type { ShellWord } from './shell-words.js';

/** `find` runs commands (`-exec`), deletes (`-delete`) and writes files (`-fprint`). */
export function readFind(
  words: readonly ShellWord[],
  scan: Scan,
  reading: CommandReading,
  argv: (from: number, note?: boolean, filled?: readonly string[]) => void,
): void {
  const startPoints: string[] = [];
  let index = 1;
  for (; index < words.length; index += 1) {
    const value = (words[index] as ShellWord).value;
    if (value.startsWith('-') || value === '(' || value === '!') break;
    startPoints.push(value);
  }
  for (; index < words.length; index += 1) {
    const value = (words[index] as ShellWord).value;
    if (value === '-exec' || value === '-execdir' || value === '-ok' || value === '-okdir') {
      reading.risky.push(value);
      let end = index + 1;
      while (end < words.length && !isExecEnd(words, end)) end += 1;
      const sub = words.slice(index + 1, end);
      if (sub.length > 0) {
        const before = reading.nested.length;
        argv(index + 1, true, ['{}']);
        // The command ends at `;` or `{} +`: its view must not take the rest of find's words.
        const added = reading.nested[before];
        if (added !== undefined && added.commands[0] !== undefined) {
          const view = added.commands[0];
          reading.nested[before] = {
            offset: added.offset,
            commands: [
              { ...view, text: sub.map((word) => word.raw).join(' '), words: sub.map((word) => word.raw) },
            ],
          };
        }
      }
      index = end;
    } else if (value === '-delete') {
      reading.risky.push(value);
      const points = startPoints.length === 0 ? ['.'] : startPoints;
      scan.candidate(['rm', '-rf', ...points].join(' '));
      scan.candidate(['rm', ...points].join(' '));
      if (!scan.loose)
        for (const point of points) scan.writes.push({ path: point, literal: true, tilde: false });
    } else if (value === '-fprint' || value === '-fprint0' || value === '-fprintf' || value === '-fls') {
      reading.risky.push(value);
      const file = words[index + 1];
      if (file !== undefined && !scan.loose)
        scan.writes.push({ path: file.value, literal: file.literal, tilde: file.tilde });
    }
  }
}

function isExecEnd(words: readonly ShellWord[], index: number): boolean {
  const value = (words[index] as ShellWord).value;
  return value === ';' || (value === '+' && words[index - 1]?.value === '{}');
}
