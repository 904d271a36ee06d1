import { homedir } from 'node:os';
import { isAbsolute, resolve, sep } from 'node:path';
import { type Tool, type ToolInvocation, ToolKind } from '@toolwright/contracts';
import type { ToolMode } from '@toolwright/spec';
import { type ArrayRule, checkOptions, type OptionTable, refusedOption } from '@toolwright/utils';
import { detectSensitivePath, type SensitivePathMatch } from '@toolwright/validation';
import { invalidOption } from '../invalid-option.js';
import { isInsideDirectory, resolveRealPath } from '../paths/real-path.js';
import { pathArguments } from './path-arguments.js';
import { type PermissionDecision, stricter } from './permission-decision.js';
import {
  escapeRulePath,
  type PermissionRule,
  parsePermissionRule,
  type RuleSpecifier,
} from './permission-rule.js';
import { matchProtectedPath, type ProtectedPathContext, type ProtectedPathMatch } from './protected-paths.js';
import { shellAnalysis } from './shell-analysis-eager.js';
import type { CommandCandidates, ShellAnalysis } from './shell-command.js';

/** Decides, per tool name, whether a call needs the user's approval (as the AI SDK's `needsApproval`). */
export type NeedsApproval = (params: unknown, invocation: ToolInvocation) => boolean | Promise<boolean>;

/** Options of {@link PermissionPolicy}. */
export interface PermissionPolicyOptions {
  /** The workspace; resolved to its real path once. */
  workspaceRoot: string;
  /** Rules that allow without asking, e.g. `Read(src/**)`, `mcp__github__*`. */
  allow?: readonly string[];
  /** Rules that always ask, whatever the allow rules say. */
  ask?: readonly string[];
  /** Rules that refuse. A deny rule beats every ask and allow rule. */
  deny?: readonly string[];
  /**
   * Directories tools may touch without asking, like the workspace (the agent's own session
   * directory). Protected files inside them still ask.
   */
  trustedDirectories?: readonly string[];
  /** More protected paths (each covers itself and everything below it), e.g. the host's config files. */
  protectedPaths?: readonly string[];
  /**
   * MCP servers whose tool annotations are believed. For any other server a `readOnlyHint` is a
   * hint from an untrusted party (the MCP specification says so): its tools ask outside Plan
   * mode unless an allow rule names them, and ask in Plan mode whatever the allow rules say
   * (an allow rule says "may run", not "is read-only").
   */
  trustedMcpServers?: readonly string[];
  /**
   * Tools every call of which asks, in every mode, whatever the allow rules say, keyed by tool
   * name; the value says why (shown to the user and the model). No rule permits them, so a run
   * nobody watches refuses them. For a tool only the user may decide on, such as one that
   * leaves Plan mode.
   */
  alwaysAsk?: Readonly<Record<string, string>>;
  /** Per tool name: true when this call needs approval, e.g. a transfer above some amount. */
  needsApproval?: Readonly<Record<string, NeedsApproval>>;
}

const OWNER = 'PermissionPolicy';

const STRING_LIST: ArrayRule = { kind: 'array', items: { kind: 'string' } };

/** Every option and what it accepts; `alwaysAsk` is checked where it is read. */
const POLICY_OPTIONS: OptionTable<PermissionPolicyOptions> = {
  workspaceRoot: { kind: 'string', nonEmpty: true, required: true, accepts: 'a non-empty path' },
  allow: STRING_LIST,
  ask: STRING_LIST,
  deny: STRING_LIST,
  trustedDirectories: STRING_LIST,
  protectedPaths: STRING_LIST,
  trustedMcpServers: STRING_LIST,
  alwaysAsk: { kind: 'custom' },
  needsApproval: { kind: 'object' },
};

/** What a decision is asked about. `tool` is needed to judge MCP annotations by their server. */
export interface PermissionRequest {
  readonly invocation: ToolInvocation;
  readonly tool?: Tool;
  readonly mode: ToolMode;
}

/** One path of a call: as the tool wrote it, and where it really is. */
interface JudgedPath {
  readonly written: string;
  readonly real: string;
}

/** Tool names whose path rules also judge an MCP tool's path arguments, by its kind. */
const READ_ALIASES = ['Read'] as const;
const WRITE_ALIASES = ['Read', 'Edit', 'Write'] as const;

const READ_TOOL = 'Read';

/** The tool-independent facts of one judged path. */
interface PathFacts {
  readonly sensitive: SensitivePathMatch | undefined;
  readonly trusted: boolean;
}

/** The remedy of a write to a protected file: no allow rule can permit it. */
const NO_RULE_FOR_PROTECTED =
  'No allow rule permits writing a protected file; only the user can approve it, in a run they watch.';

/**
 * How narrowly allow rules cover a path, from none to a rule naming exactly that path: only a
 * catch-all like `Read(**)` or `Read(~/**)` (see `isCatchAll`), a glob that names something
 * like `Read(config/**)` or `Read(*.env)`, or a rule without glob characters like
 * `Read(deploy/id_ed25519)`.
 */
const Coverage = { None: 0, CatchAll: 1, Specific: 2, Literal: 3 } as const;
type Coverage = (typeof Coverage)[keyof typeof Coverage];

/** A `..` path segment. */
const PARENT_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * The permission policy. For one invocation, every source of a decision is consulted and the
 * strictest wins (deny over ask over allow):
 *
 * 1. Plan mode allows only ReadOnly tools, and no allow rule widens it: a ReadOnly claim by an
 *    untrusted MCP server asks there whatever the allow rules say.
 * 2. Deny rules refuse; ask rules ask; `alwaysAsk` and `needsApproval` ask.
 * 3. Each affected path is judged by its real location (symlinks resolved on every component;
 *    for a new file, its nearest existing ancestor): deny rules match the written or the real
 *    path; a write to a protected file (`PROTECTED_PATHS`, the workspace's git directories, a
 *    file with several hard links) asks whatever the allow rules say; a path outside the
 *    workspace (and the trusted directories) asks unless an allow rule covers it. Secrets
 *    (`detectSensitivePath`, by the written and the real path) need narrower allow rules, each
 *    matching the real path for this tool:
 *    - a high-sensitivity file (a private key, a credentials file) is denied unless an allow
 *      rule names it literally: a specifier with no unescaped `*`, `?`, `{`, `}` and no leading `!`, such as
 *      `Read(deploy/id_ed25519)`. `Read(deploy/**)` does not do;
 *    - a medium one (`.env`, `.npmrc`) asks unless an allow rule is path-specific: not a
 *      catch-all, i.e. it has, after its anchor (`./`, `/`, `//`, `~/`), a character other than
 *      wildcards, separators, dots and glob punctuation, and does not start with `!`. `Read(**)`,
 *      `Read(*)`, `Read(/**)`, `Read(~/**)`, `Read(.*)` are catch-alls; `Read(config/**)`,
 *      `Read(*.env)`, `Read(.env)` are not.
 * 4. An allow rule allows; otherwise Execute tools ask and the rest are allowed.
 *
 * An MCP tool's path-like arguments (`pathArguments`) are judged as in 3, as paths of the tool
 * and of `Read` (and, unless it is ReadOnly, of `Edit` and `Write`): deny rules, secrets and
 * protected files hold for them. Containment is not judged for them: the server resolves them
 * against its own roots.
 */
export class PermissionPolicy {
  readonly workspaceRoot: string;
  /** The deny rules, then the ask rules: the rules that can stop a call. */
  readonly #stopRules: readonly PermissionRule[];
  readonly #allowRules: readonly PermissionRule[];
  /** The allow rules with a specifier, for judging paths. */
  readonly #allowPathRules: readonly PermissionRule[];
  readonly #trustedDirectories: readonly string[];
  readonly #protectedPaths: readonly string[];
  readonly #trustedMcpServers: ReadonlySet<string>;
  readonly #alwaysAsk: ReadonlyMap<string, string>;
  readonly #needsApproval: Readonly<Record<string, NeedsApproval>>;
  readonly #protectedContext: ProtectedPathContext;
  readonly #home = homedir();
  /** One frozen object for every path: `detectSensitivePath` then checks it once, not per path. */
  readonly #sensitivityOptions = Object.freeze({ homeDir: this.#home, followSymlinks: false });

  constructor(options: PermissionPolicyOptions) {
    checkOptions(OWNER, options, POLICY_OPTIONS, invalidOption);
    this.workspaceRoot = resolveRealPath(options.workspaceRoot);
    // Stryker disable next-line ObjectLiteral: without it the rules read os.homedir() themselves, in this same constructor call: the same directory.
    const parsing = { homeDir: this.#home };
    this.#stopRules = [
      ...(options.deny ?? []).map((rule) => parsePermissionRule(rule, 'deny', parsing)),
      ...(options.ask ?? []).map((rule) => parsePermissionRule(rule, 'ask', parsing)),
    ];
    this.#allowRules = (options.allow ?? []).map((rule) => parsePermissionRule(rule, 'allow', parsing));
    this.#allowPathRules = this.#allowRules.filter((rule) => rule.specifier !== undefined);
    // Stryker disable next-line ArrayDeclaration: a default of ["Stryker was here"] trusts <working directory>/Stryker was here, which only a test naming that path could tell.
    this.#trustedDirectories = (options.trustedDirectories ?? []).map(resolveRealPath);
    // Stryker disable next-line ArrayDeclaration: a default of ["Stryker was here"] protects <working directory>/Stryker was here, which only a test naming that path could tell.
    this.#protectedPaths = (options.protectedPaths ?? []).map(resolveRealPath);
    this.#trustedMcpServers = new Set(options.trustedMcpServers);
    this.#alwaysAsk = stringRecord('alwaysAsk', options.alwaysAsk);
    this.#needsApproval = options.needsApproval ?? {};
    this.#protectedContext = { workspaceRoot: this.workspaceRoot };
  }

  /** True when `server`'s tool annotations are believed. */
  isTrustedMcpServer(server: string): boolean {
    return this.#trustedMcpServers.has(server);
  }

  /**
   * The protected-file rule a write to `realPath` would meet: `matchProtectedPath` with this
   * policy's `protectedPaths` and its workspace's git layout. For a tool that judges its own
   * targets, such as a shell command's.
   */
  protectedPathOf(realPath: string): ProtectedPathMatch | undefined {
    return matchProtectedPath(realPath, this.#protectedPaths, this.#protectedContext);
  }

  /**
   * True when the allow rule `rule` (`"Tool"`, `"Tool(glob)"`, `"Bash(npm run test:*)"`) names
   * this call's tool and covers it as an allow rule of this policy would: every path of the call,
   * by where it really is (symlinks resolved), or else its permission content. Only the rule is
   * judged — not secrets, protected files or the other rules: for a host that keeps allow rules
   * of its own, such as an "always allow" limited to some arguments. A path that cannot be
   * resolved is not covered.
   *
   * @throws ExecutorError `invalid_permission_rule` for a rule that does not parse.
   */
  covers(rule: string, invocation: ToolInvocation): boolean {
    const parsed = parsePermissionRule(rule, 'allow', { homeDir: this.#home });
    if (!parsed.matchesToolName(invocation.toolName)) return false;
    const paths: JudgedPath[] = [];
    try {
      for (const path of invocation.affectedPaths) paths.push(...this.#resolve(path));
    } catch {
      return false;
    }
    return this.#allowCovers(parsed, paths, new CallContent(invocation));
  }

  /**
   * The decision for one built (validated) invocation. Synchronous unless a `needsApproval`
   * callback returns a promise. A path that cannot be resolved (a symlink loop, a NUL byte) is a
   * `deny` naming the path and the error, never an exception; only a `needsApproval` callback's
   * error (or a tool's own `affectedPaths` callback error) propagates.
   */
  decide(request: PermissionRequest): PermissionDecision | Promise<PermissionDecision> {
    const { invocation } = request;
    const decision = this.#decideByRules(request);
    // Own keys only: a tool named `valueOf` or `toString` must not find Object.prototype's.
    const needsApproval = Object.hasOwn(this.#needsApproval, invocation.toolName)
      ? this.#needsApproval[invocation.toolName]
      : undefined;
    if (needsApproval === undefined || decision.behavior === 'deny') return decision;
    const answer = needsApproval(invocation.params, invocation);
    const settle = (required: boolean): PermissionDecision =>
      required
        ? stricter(decision, {
            behavior: 'ask',
            reason: `${invocation.toolName} asks for approval of this call (needsApproval).`,
            remedy: `The host's needsApproval for ${invocation.toolName} asks for this call; no rule permits it, only the user's approval.`,
          })
        : decision;
    return typeof answer === 'boolean' ? settle(answer) : Promise.resolve(answer).then(settle);
  }

  /**
   * How a `Read` of `path` by `toolName` would be judged: what a tool that reads many paths
   * (a search) must skip. Never throws; a path that cannot be resolved is denied. `knownRealPath`
   * (see `PathAccess.canRead`) spares the resolution when the caller walked there itself.
   * `approvedDirectories` (real paths) count as trusted, like the workspace: the directories a
   * call the user approved was pointed at. Deny rules and secrets still hold inside them.
   */
  judgeRead(
    path: string,
    toolName: string,
    knownRealPath?: string,
    approvedDirectories?: readonly string[],
  ): PermissionDecision {
    let judged: readonly JudgedPath[];
    try {
      judged = this.#resolve(path, knownRealPath);
    } catch (error) {
      return unresolvable(path, error);
    }
    // Judged as a Read, with the tool's own path rules counting too: its deny rules deny, and its
    // allow rules cover as a Read's do, so the one rule a message suggests is enough.
    let objection: PermissionDecision | undefined;
    for (const location of judged) {
      const facts = this.#factsOf(location, approvedDirectories);
      objection = strictest(
        objection,
        this.#judgePath(location, [READ_TOOL, toolName], ToolKind.ReadOnly, facts),
      );
    }
    return objection ?? { behavior: 'allow', reason: 'readable' };
  }

  #decideByRules({ invocation, tool, mode }: PermissionRequest): PermissionDecision {
    const name = invocation.toolName;
    const untrustedHint = this.#untrustedReadOnlyHint(invocation, tool);
    if (mode === 'plan' && invocation.kind !== ToolKind.ReadOnly) {
      // No way out is suggested: only the user ends Plan mode, and no allow rule lifts it.
      return {
        behavior: 'deny',
        reason: `Plan mode allows only read-only tools, whatever the allow rules say; ${name} is a ${invocation.kind} tool. Only the user can end Plan mode: keep to read-only tools and present your plan.`,
      };
    }
    // The strictest ask or deny so far (deny over ask, the first of equals); none allows the call.
    let objection: PermissionDecision | undefined;
    if (mode === 'plan' && untrustedHint !== undefined) objection = untrustedHint.inPlanMode;
    const always = this.#alwaysAsk.get(name);
    if (always !== undefined) {
      objection = strictest(objection, {
        behavior: 'ask',
        reason: `${name} needs the user's approval every time: ${always}`,
        remedy:
          'No rule can permit it, and nobody can approve it in this run: calling it again is refused the same way.',
      });
    }
    const content = new CallContent(invocation);
    const paths: JudgedPath[] = [];
    for (const path of invocation.affectedPaths) {
      try {
        paths.push(...this.#resolve(path));
      } catch (error) {
        // Fail closed with a reason the model can act on, instead of an exception the host must map.
        return unresolvable(path, error);
      }
    }
    // An MCP tool's path arguments: judged by deny rules, secrets and protected files.
    const argumentPaths: JudgedPath[] = [];
    if (tool?.source.type === 'mcp') {
      let written: readonly string[];
      try {
        written = pathArguments(invocation.params);
      } catch (error) {
        return {
          behavior: 'deny',
          reason: `${name}'s arguments cannot be judged whole: ${(error as Error).message}.`,
        };
      }
      for (const path of written) {
        try {
          argumentPaths.push(...this.#resolve(path));
        } catch (error) {
          return unresolvable(path, error);
        }
      }
    }
    for (const rule of this.#stopRules) {
      if (!rule.matchesToolName(name)) continue;
      const caught = this.#ruleCatches(rule, paths, content);
      if (caught !== false) {
        const list = `permissions.${rule.behavior}`;
        objection = strictest(objection, {
          behavior: rule.behavior,
          reason:
            typeof caught === 'string'
              ? `The command cannot be checked against the rule "${rule.source}" in ${list} (${caught}), so that rule applies.`
              : rule.behavior === 'deny'
                ? `Denied by the rule "${rule.source}" in ${list}.`
                : `The rule "${rule.source}" in ${list} asks for approval.`,
          rule: rule.source,
          ...(rule.behavior === 'ask'
            ? {
                remedy: `An allow rule does not override the rule "${rule.source}" in permissions.ask; only removing it from there lets such calls run without asking.`,
              }
            : {}),
        });
      }
    }
    for (const path of paths) {
      // The deny rules for this tool and these paths were matched just above, with the stop rules.
      const judged = this.#judgePath(path, [name], invocation.kind, this.#factsOf(path), false);
      objection = strictest(objection, judged);
    }
    const aliases = invocation.kind === ToolKind.ReadOnly ? READ_ALIASES : WRITE_ALIASES;
    for (const path of argumentPaths) {
      const facts = { ...this.#factsOf(path), trusted: true };
      objection = strictest(objection, this.#judgePath(path, [name, ...aliases], invocation.kind, facts));
    }
    const shell = content.shell;
    if (shell !== undefined) objection = strictest(objection, this.#judgeShellWrites(shell, paths));
    // An ask or a deny (a write whose place cannot be resolved too) stands: no allow rule lifts it.
    if (objection !== undefined) return objection;
    // A shell command without paths: every command it runs must be covered (see `coveringRules`).
    if (shell !== undefined && paths.length === 0)
      return this.#allowShell(name, shell) ?? shellAsks(name, shell);
    const allowRule = this.#allowRules.find(
      (rule) => rule.matchesToolName(name) && this.#allowCovers(rule, paths, content),
    );
    if (allowRule !== undefined) {
      return {
        behavior: 'allow',
        reason: `Allowed by the rule "${allowRule.source}".`,
        rule: allowRule.source,
      };
    }
    if (untrustedHint !== undefined) return untrustedHint.ask;
    if (invocation.kind === ToolKind.Execute) return executeAsks(name);
    return {
      behavior: 'allow',
      reason: paths.length === 0 ? `${invocation.kind} tool.` : `${invocation.kind} inside the workspace.`,
    };
  }

  /** The asks an MCP tool gets, outside Plan mode and in it, when its ReadOnly kind rests on an untrusted server's hint. */
  #untrustedReadOnlyHint(
    invocation: ToolInvocation,
    tool: Tool | undefined,
  ): { readonly ask: PermissionDecision; readonly inPlanMode: PermissionDecision } | undefined {
    if (tool?.source.type !== 'mcp' || invocation.kind !== ToolKind.ReadOnly) return undefined;
    const server = tool.source.server;
    if (this.#trustedMcpServers.has(server)) return undefined;
    const reason = `${invocation.toolName} says it is read-only, but that is a hint from the MCP server "${server}", which the config does not mark as trusted ("trust": true).`;
    return {
      ask: { behavior: 'ask', reason, suggestedRule: invocation.toolName },
      // Plan mode promises that nothing changes: an allow rule says "may run", not "is read-only".
      inPlanMode: {
        behavior: 'ask',
        reason,
        remedy: `In Plan mode an allow rule does not permit it; only "trust": true on the server "${server}" (trustedMcpServers) makes its read-only claim count.`,
      },
    };
  }

  /**
   * Where `path` lands. With `..` after a symlink it can be two places: the kernel applies the
   * `..` to the link's target, a tool that normalises the path first (`path.resolve`) applies it
   * next to the link. Both are judged, so neither reading slips through. Likewise a path whose
   * first segment is `~` is a directory named `~` in the workspace to Node, but the home
   * directory to a shell or a tool that expands it: both are judged.
   */
  #resolve(path: string, knownRealPath?: string): readonly JudgedPath[] {
    // A caller that walked to this path through real directories knows where it is: the one
    // reading there is, unless `..` or `~` could make it land elsewhere.
    if (knownRealPath !== undefined && !PARENT_SEGMENT.test(path) && path.charCodeAt(0) !== 126) {
      return [{ written: resolve(this.workspaceRoot, path), real: knownRealPath }];
    }
    const inWorkspace = this.#readings(path, this.workspaceRoot);
    // `~` is code 126; the common path pays for one comparison.
    if (path.charCodeAt(0) !== 126 || (path !== '~' && path[1] !== '/')) return inWorkspace;
    // `~` and `~/` leave '', which resolves to the home directory itself.
    return [...inWorkspace, ...this.#readings(path.slice(2), this.#home)];
  }

  /** The one or two readings of `path` relative to `base` (see {@link #resolve}). */
  #readings(path: string, base: string): readonly JudgedPath[] {
    const written = resolve(base, path);
    const lexical = { written, real: resolveRealPath(written) };
    // Without a `..` segment both readings agree: spare the second resolution (a syscall walk).
    // Stryker disable next-line ConditionalExpression: only spares that walk; the second reading would be the first again.
    if (!PARENT_SEGMENT.test(path)) return [lexical];
    // When both land in one place the path is judged twice, with the same result.
    return [lexical, { written, real: resolveRealPath(isAbsolute(path) ? path : `${base}${sep}${path}`) }];
  }

  /**
   * Deny and ask rules: a path rule catches a call when any path matches, written or real; a
   * content rule when any normalised command of the content matches (`commandCandidates`).
   * A tool with paths and a signature of its own (a shell with a working directory) is tested
   * both ways by a specifier that reads as a command (`looksLikeContent`): a deny rule is meant
   * broadly. A tool with paths and the default signature (its params as JSON) by its paths only.
   * A string: why the content could not be read whole (too long, or a shell command that runs
   * what is known only when it runs), and a content rule that might match is failed closed.
   */
  #ruleCatches(rule: PermissionRule, paths: readonly JudgedPath[], content: CallContent): boolean | string {
    const specifier = rule.specifier;
    if (specifier === undefined) return true;
    if (paths.length > 0) {
      const matched = paths.some((path) => this.#matchesEither(specifier, path));
      if (matched || !specifier.looksLikeContent) return matched;
      // A tool with paths has a command to match only when it has a signature of its own: the
      // default one is its params as a JSON object, and a rule like `Edit(*.lock)` must not be
      // matched against the text an Edit writes.
      const text = content.text;
      if (text === undefined || isParamsJson(text)) return false;
    }
    const shell = content.shell;
    if (shell !== undefined) return shellAnalysis().catchesShell(shell, specifier);
    const scanned = content.commands;
    // Another implementation's invocation whose signature is not `Name(content)`: fail closed.
    if (scanned === undefined) return 'its permission signature has no content in parentheses';
    if (scanned.commands.some((command) => specifier.matchesContent(command))) return true;
    return scanned.complete
      ? false
      : 'the command is too long or too deeply nested (wrappers, bash -c, eval) to read whole';
  }

  /**
   * A shell command's writes (redirections, `tee`, `cp`/`mv` destinations, `sed -i` ...): one
   * that lands on a protected file asks, and so does one whose place cannot be told.
   */
  #judgeShellWrites(shell: ShellAnalysis, paths: readonly JudgedPath[]): PermissionDecision | undefined {
    const bases = [this.workspaceRoot, ...paths.map((path) => path.real)];
    const places = shellAnalysis().writePaths(shell, bases, this.#home);
    if (places.unknown !== undefined) {
      return {
        behavior: 'ask',
        reason: `The command writes where it cannot be told before it runs (${places.unknown}): it may write a protected file, so it needs the user's approval, whatever the allow rules say.`,
        remedy: NO_RULE_FOR_PROTECTED,
      };
    }
    for (const place of places.paths) {
      let judged: readonly JudgedPath[];
      try {
        judged = this.#resolve(place);
      } catch (error) {
        return unresolvable(place, error);
      }
      for (const path of judged) {
        const guarded = this.protectedPathOf(path.real) ?? this.protectedPathOf(path.written);
        if (guarded !== undefined) {
          return {
            behavior: 'ask',
            reason: `The command writes ${this.#display(path.real)}, which is protected (${guarded.reason}): it always needs the user's approval, whatever the allow rules say.`,
            remedy: NO_RULE_FOR_PROTECTED,
          };
        }
      }
    }
    return undefined;
  }

  /** The allow decision for a shell command without paths, or `undefined` when no allow rules cover it. */
  #allowShell(name: string, shell: ShellAnalysis): PermissionDecision | undefined {
    const rules = this.#allowRules.filter((rule) => rule.matchesToolName(name));
    const whole = rules.find((rule) => rule.specifier === undefined);
    // Never empty: coveringRules names one rule per command, and a line without commands is not covered.
    const covering = whole === undefined ? shellAnalysis().coveringRules(shell, rules) : [whole];
    if (covering === undefined) return undefined;
    const names = covering.map((rule) => `"${rule.source}"`).join(', ');
    return {
      behavior: 'allow',
      reason: `Allowed by the rule${covering.length > 1 ? 's' : ''} ${names}.`,
      rule: (covering[0] as PermissionRule).source,
    };
  }

  /** Allow rules: a path rule covers a call only when every real path matches. */
  #allowCovers(rule: PermissionRule, paths: readonly JudgedPath[], content: CallContent): boolean {
    const specifier = rule.specifier;
    if (specifier === undefined) return true;
    if (paths.length > 0) return paths.every((path) => specifier.matchesPath(path.real, this.workspaceRoot));
    const text = content.text;
    return text !== undefined && specifier.matchesContent(text);
  }

  /**
   * One path's judgement for the tool `names[0]`. The other names are more tool names whose path
   * rules count (`Read` for an MCP tool's path argument): their deny rules deny, and their allow
   * rules cover as well as the tool's own, so the rule a message suggests for `names[0]` is enough.
   * `undefined` when nothing about the path stands in the way. `checkDenyRules` is false only
   * where the caller has already matched the deny rules of these names against this path.
   */
  #judgePath(
    path: JudgedPath,
    names: readonly [string, ...string[]],
    kind: ToolKind,
    facts: PathFacts,
    checkDenyRules = true,
  ): PermissionDecision | undefined {
    const [toolName] = names;
    for (const rule of checkDenyRules ? this.#stopRules : []) {
      if (rule.behavior !== 'deny' || rule.specifier === undefined) continue;
      if (!names.some((name) => rule.matchesToolName(name))) continue;
      if (this.#matchesEither(rule.specifier, path)) {
        return {
          behavior: 'deny',
          reason: `${this.#display(path.real)} is denied by the rule "${rule.source}" in permissions.deny.`,
          rule: rule.source,
        };
      }
    }
    // A high-sensitivity file is refused before the protected-file ask: writing ~/.ssh/authorized_keys
    // must not be easier than reading it.
    const { sensitive, trusted } = facts;
    // Built only for a refusal: an allowed path (nearly every file of a search) needs no text.
    const shown = (): string => this.#display(path.real);
    const allowed =
      // Stryker disable next-line ConditionalExpression: only spares the coverage of a trusted, ordinary path, which nothing below reads.
      sensitive !== undefined || !trusted
        ? Math.max(...names.map((name) => this.#allowCoverage(path, name)))
        : Coverage.None;
    if (sensitive?.level === 'high' && allowed < Coverage.Literal) {
      return {
        behavior: 'deny',
        reason: `${shown()} is a sensitive file (${sensitive.reason}; rule ${sensitive.rule}). Refused; to permit it, add a rule naming exactly this file, without wildcards, such as "${this.#ruleNaming(toolName, path.real)}", to permissions.allow.`,
      };
    }
    if (kind !== ToolKind.ReadOnly) {
      // The written path too: through a `.git -> gitdata` link, git still runs .git/hooks/*.
      const guarded =
        matchProtectedPath(path.real, this.#protectedPaths, this.#protectedContext) ??
        matchProtectedPath(path.written, this.#protectedPaths);
      if (guarded !== undefined) {
        return {
          behavior: 'ask',
          reason: `${shown()} is protected (${guarded.reason}): writing it always needs the user's approval, whatever the allow rules say.`,
          remedy: NO_RULE_FOR_PROTECTED,
        };
      }
    }
    if (sensitive?.level === 'medium' && allowed < Coverage.Specific) {
      const rule = this.#ruleNaming(toolName, path.real);
      return {
        behavior: 'ask',
        reason: `${shown()} may hold secrets (${sensitive.reason}; rule ${sensitive.rule}). A catch-all allow rule such as "${toolName}(**)" does not cover it; a rule naming its path, such as "${rule}", does.`,
        suggestedRule: rule,
      };
    }
    if (allowed === Coverage.None && !trusted) {
      const via = path.real === path.written ? '' : ` (written as ${path.written})`;
      return {
        behavior: 'ask',
        reason: `${path.real}${via} is outside the workspace.`,
        suggestedRule: this.#ruleNaming(toolName, path.real),
      };
    }
    return undefined;
  }

  /** True when `specifier` matches the path as it really is or as it was written (matched once when they are one string). */
  #matchesEither(specifier: RuleSpecifier, path: JudgedPath): boolean {
    return (
      specifier.matchesPath(path.real, this.workspaceRoot) ||
      (path.written !== path.real && specifier.matchesPath(path.written, this.workspaceRoot))
    );
  }

  /** What a path's judgement needs whatever the tool: computed once per path, not per tool name. */
  #factsOf(path: JudgedPath, approvedDirectories?: readonly string[]): PathFacts {
    const trusted =
      this.#isTrustedLocation(path.real) ||
      approvedDirectories?.some((directory) => isInsideDirectory(directory, path.real)) === true;
    return { sensitive: this.#sensitivity(path), trusted };
  }

  /** How narrowly the allow path rules for `toolName` cover the real path: the best of them. */
  #allowCoverage(path: JudgedPath, toolName: string): Coverage {
    let best: number = Coverage.None;
    for (const rule of this.#allowPathRules) {
      const specifier = rule.specifier as RuleSpecifier;
      if (!rule.matchesToolName(toolName) || !specifier.matchesPath(path.real, this.workspaceRoot)) continue;
      const coverage = specifier.isLiteral
        ? Coverage.Literal
        : specifier.isCatchAll
          ? Coverage.CatchAll
          : Coverage.Specific;
      best = Math.max(best, coverage);
    }
    return best as Coverage;
  }

  /** The stricter sensitivity of the path as written and as it really is. */
  #sensitivity(path: JudgedPath): SensitivePathMatch | undefined {
    const options = this.#sensitivityOptions;
    const real = detectSensitivePath(path.real, options);
    // Stryker disable next-line ConditionalExpression: only spares judging the same path twice.
    if (path.written === path.real) return real;
    const written = detectSensitivePath(path.written, options);
    if (real === undefined) return written;
    if (written === undefined) return real;
    if (written.level === 'high') return written;
    // Below high, the written level wins only over a low real one (a low level decides nothing).
    return real.level === 'low' ? written : real;
  }

  #isTrustedLocation(real: string): boolean {
    return (
      isInsideDirectory(this.workspaceRoot, real) ||
      this.#trustedDirectories.some((directory) => isInsideDirectory(directory, real))
    );
  }

  /** An allow rule for `toolName` naming exactly the real path `real`: it parses back as literal. */
  #ruleNaming(toolName: string, real: string): string {
    return `${toolName}(${escapeRulePath(this.#display(real))})`;
  }

  #display(real: string): string {
    return isInsideDirectory(this.workspaceRoot, real) && real !== this.workspaceRoot
      ? real.slice(this.workspaceRoot.length + 1)
      : real;
  }
}

/**
 * True for the default permission content, the params as canonical JSON (`{"file_path":...}`).
 * No command starts with `{"` (a shell group needs a blank after `{`), so a tool's own
 * signature is not mistaken for it; a tool whose own signature is a JSON object is judged as if
 * it had none.
 */
function isParamsJson(content: string): boolean {
  return content.startsWith('{"') && content.endsWith('}');
}

/**
 * The ask for a shell command no allow rule covers. When it is not understood (a variable, a
 * glob, a nested interpreter), no content rule can cover it, so none is suggested.
 */
function shellAsks(name: string, shell: ShellAnalysis): PermissionDecision {
  const why = shell.unreadable ?? shell.notUnderstood[0];
  if (why === undefined) return executeAsks(name);
  return {
    ...executeAsks(name),
    remedy: `No rule naming the command can permit it: it cannot be understood before it runs (${why}). Only the user can approve it, or an allow rule for the whole tool ("${name}"), which permits every command.`,
  };
}

/** The decision for an execute tool no allow rule covers. */
function executeAsks(name: string): PermissionDecision {
  return { behavior: 'ask', reason: `${name} can have effects outside the workspace (kind execute).` };
}

/** The decision on a path whose real location cannot be found (a symlink loop, a NUL byte). */
function unresolvable(path: string, error: unknown): PermissionDecision {
  const why = error instanceof Error ? error.message : String(error);
  return {
    behavior: 'deny',
    reason: `${JSON.stringify(path)} cannot be resolved (${why}); a path whose real location is unknown is refused.`,
  };
}

/** The stricter of two objections (deny over ask, the first of equals); either may be absent. */
function strictest(
  left: PermissionDecision | undefined,
  right: PermissionDecision | undefined,
): PermissionDecision | undefined {
  if (left === undefined) return right;
  return right === undefined ? left : stricter(left, right);
}

/**
 * The permission content of one call and the commands deny and ask rules see in it
 * (normalised: sudo, env, quotes, bash -c ...), computed on first need: a Read judged by path
 * rules never pays for its signature (the params as canonical JSON).
 */
class CallContent {
  readonly #invocation: ToolInvocation;
  #commands: CommandCandidates | undefined;
  /**
   * The content read as a bash command line, for an execute tool with a signature of its own (a
   * shell): `undefined` for any other tool, whose content is only widened for deny rules. Every
   * decision that gets past the paths reads it.
   */
  readonly shell: ShellAnalysis | undefined;

  constructor(invocation: ToolInvocation) {
    this.#invocation = invocation;
    const text = invocation.kind === ToolKind.Execute ? this.text : undefined;
    this.shell = text !== undefined && !isParamsJson(text) ? shellAnalysis().analyseShell(text) : undefined;
  }

  /** The part in parentheses of the signature; a slice of it, not worth keeping. */
  get text(): string | undefined {
    return permissionContent(this.#invocation);
  }

  /** `undefined` when there is no content to read. */
  get commands(): CommandCandidates | undefined {
    const text = this.text;
    if (text === undefined) return undefined;
    this.#commands ??= shellAnalysis().commandCandidates(text);
    return this.#commands;
  }
}

/** The part in parentheses of `Name(content)`, or `undefined` for a signature without one. */
function permissionContent(invocation: ToolInvocation): string | undefined {
  const signature = invocation.permissionSignature;
  const prefix = `${invocation.toolName}(`;
  if (!signature.startsWith(prefix) || !signature.endsWith(')')) return undefined;
  return signature.slice(prefix.length, -1);
}

function stringRecord(option: string, value: unknown): ReadonlyMap<string, string> {
  if (value === undefined) return new Map();
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string' && item.trim() !== '')
  ) {
    return new Map(Object.entries(value as Record<string, string>));
  }
  throw invalidOption(
    refusedOption(
      OWNER,
      option,
      'an object mapping tool names to a non-empty reason, such as { "ExitPlanMode": "only the user can end Plan mode" }',
      value,
    ),
  );
}
