import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { checkOption, checkOptions, type OptionTable } from '@toolwright/utils';
import { invalidOption } from '../options/invalid-option.js';
import { firstMatchingRule } from './first-matching-rule.js';
import { type PathFacts, SENSITIVE_PATH_RULES, type SensitivityLevel } from './sensitive-rules.js';

/** Why a path is sensitive. */
export interface SensitivePathMatch {
  level: SensitivityLevel;
  /** Identifier of the rule that matched, e.g. `'private-key'`, `'dotenv'`, `'ssh-directory'`. */
  rule: string;
  /** In words, for a permission prompt. Mentions the symlink target when that is what matched. */
  reason: string;
}

/** Options of {@link detectSensitivePath}. */
export interface DetectSensitivePathOptions {
  /** What `~` expands to. Default: the current user's home directory. */
  homeDir?: string;
  /** Judge an existing symlink (or a path through a symlinked directory) by its target too. Default true. */
  followSymlinks?: boolean;
}

const LEVEL_RANK: Record<SensitivityLevel, number> = { low: 1, medium: 2, high: 3 };
const SENSITIVITY_LEVELS: readonly SensitivityLevel[] = ['low', 'medium', 'high'];

const DETECT_OPTIONS: OptionTable<DetectSensitivePathOptions> = {
  homeDir: { kind: 'string' },
  followSymlinks: { kind: 'boolean' },
};

/**
 * A typo here fails open: `followSymlink: true` or `homedir` would be ignored, and a secret
 * reached through a link or `~` would be judged harmless. So the options are checked by name.
 */
function checkDetectOptions(options: DetectSensitivePathOptions): void {
  if (checkedFrozenOptions.has(options)) return;
  checkOptions('DetectSensitivePathOptions', options, DETECT_OPTIONS, invalidOption);
  if (Object.isFrozen(options)) checkedFrozenOptions.add(options);
}

/**
 * Frozen options objects already checked: a caller that judges many paths (a search, a
 * permission policy) passes one frozen object, which cannot have changed since, so it is
 * checked once. Weak, so that it keeps no caller's object alive.
 */
const checkedFrozenOptions = new WeakSet<DetectSensitivePathOptions>();

/** `~` and `~/...` (either separator) expanded against `homeDir`. */
function expandHome(path: string, homeDir: string): string {
  if (path === '~') return homeDir;
  if (path.startsWith('~/') || path.startsWith('~\\')) return `${homeDir}/${path.slice(2)}`;
  return path;
}

function factsOf(path: string): PathFacts {
  // Empty segments (`//`, a trailing separator) and `.` name nothing.
  const segments = path
    .toLowerCase()
    .split(/[\\/]/)
    .filter((segment) => segment !== '' && segment !== '.');
  // Stryker disable next-line StringLiteral: no rule matches a path without segments, whatever its basename.
  return { segments, basename: segments[segments.length - 1] ?? '' };
}

const firstRule = firstMatchingRule(SENSITIVE_PATH_RULES);

function matchRules(path: string): SensitivePathMatch | undefined {
  const rule = firstRule(factsOf(path));
  return rule === undefined ? undefined : { level: rule.level, rule: rule.rule, reason: rule.reason };
}

/**
 * The real path behind `path` when a symlink is involved (the real path differs), otherwise
 * undefined. Missing files and unreadable paths are judged by name only.
 */
function symlinkTarget(path: string): string | undefined {
  const absolute = isAbsolute(path) ? path : resolve(path);
  let real: string | undefined;
  try {
    real = realpathSync.native(absolute);
  } catch {
    // Missing or unreadable: `real` stays undefined.
  }
  // Stryker disable next-line ConditionalExpression: without a link the real path differs from the written one only by the working directory of a relative path, which a test in a worker thread cannot change.
  return real === absolute ? undefined : real;
}

/**
 * Says whether reading or writing `path` would touch secrets, and how bad that would be: keys
 * and credentials `high`, token-bearing configuration (`.env`, `.npmrc`, ...) `medium`, databases
 * `low`, otherwise `undefined`. Matching is by name and by path segment (`/` or `\`),
 * case-insensitive, after `~` expansion. An existing symlink — or a path through a symlinked
 * directory — is also judged by its real target, and the more sensitive answer wins.
 *
 * @example
 * ```ts
 * detectSensitivePath('~/.ssh/id_ed25519'); // { level: 'high', rule: 'private-key', ... }
 * detectSensitivePath('.env.example');      // undefined: a template
 * ```
 */
export function detectSensitivePath(
  path: string,
  options: DetectSensitivePathOptions = {},
): SensitivePathMatch | undefined {
  checkOption('detectSensitivePath', 'path', path, { kind: 'string', required: true }, invalidOption);
  checkDetectOptions(options);
  const expanded = expandHome(path, options.homeDir ?? homedir());
  let best = matchRules(expanded);
  if (options.followSymlinks !== false) {
    const target = symlinkTarget(expanded);
    const viaTarget = target === undefined ? undefined : matchRules(target);
    if (
      viaTarget !== undefined &&
      (best === undefined || LEVEL_RANK[viaTarget.level] > LEVEL_RANK[best.level])
    ) {
      best = { ...viaTarget, reason: `${viaTarget.reason} (symlink to ${target})` };
    }
  }
  return best;
}

/** A path kept by {@link filterSensitive}, with why. */
export interface SensitivePathEntry {
  path: string;
  match: SensitivePathMatch;
}

/**
 * The paths at least as sensitive as `minLevel` (`'low'` keeps every sensitive path), in input
 * order, each with its match.
 */
export function filterSensitive(
  paths: readonly string[],
  minLevel: SensitivityLevel,
  options: DetectSensitivePathOptions = {},
): SensitivePathEntry[] {
  // An unknown level ranks below nothing and would keep no path at all: every secret would pass.
  checkOption(
    'filterSensitive',
    'minLevel',
    minLevel,
    { kind: 'oneOf', values: SENSITIVITY_LEVELS, required: true },
    invalidOption,
  );
  checkDetectOptions(options);
  const entries: SensitivePathEntry[] = [];
  for (const path of paths) {
    const match = detectSensitivePath(path, options);
    if (match !== undefined && LEVEL_RANK[match.level] >= LEVEL_RANK[minLevel]) entries.push({ path, match });
  }
  return entries;
}
