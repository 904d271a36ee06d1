// One line per package while turbo builds, so a first run (a minute or more on a small machine)
// never sits silent: `  @toolwright/utils  built in 12.3s` as each package's build ends, and one
// line counting the packages turbo replayed from its cache (a second run is all cache: one line).
// It reads turbo's streamed task output (`<package>:build: …`), which it otherwise keeps to itself.

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is removed.
const COLOUR_CODES = /\u001b\[[0-9;]*m/g;
const TASK_LINE = /^(\S+):build: (.*)$/;
// tsup ends a package's build with its declaration files; an app without them ends with ESM/CJS.
const BUILD_END = /DTS ⚡️ Build success|DTS Build success/;

/**
 * Follows turbo's output line by line and calls `print` once per package built, when its
 * declaration build succeeds. `finish()` reports the packages whose output had no such line (a
 * build without declaration files), timed to the end, then how many came from the cache.
 */
export function createBuildProgress(print, now = () => performance.now()) {
  const started = new Map();
  const reported = new Set();
  let cached = 0;
  const report = (name, what) => {
    reported.add(name);
    print(`  ${name.padEnd(32)} ${what}`);
  };
  const elapsed = (name) => `built in ${((now() - started.get(name)) / 1000).toFixed(1)}s`;
  return {
    line(raw) {
      const match = TASK_LINE.exec(raw.replace(COLOUR_CODES, '').trimEnd());
      if (match === null) return;
      const [, name, rest] = match;
      if (!started.has(name)) started.set(name, now());
      if (reported.has(name)) return;
      if (rest.includes('cache hit')) {
        reported.add(name);
        cached += 1;
      } else if (BUILD_END.test(rest)) report(name, elapsed(name));
    },
    finish() {
      for (const name of started.keys()) if (!reported.has(name)) report(name, elapsed(name));
      if (cached > 0) print(`  ${cached} of ${started.size} packages unchanged (turbo's cache)`);
    },
  };
}
