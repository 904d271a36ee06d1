import { dirname, resolve } from 'node:path';
import { isInsideDirectory, resolveRealPath } from '@toolwright/executor';
import {
  type FolderTrustCheck,
  FolderTrustStore,
  type McpServerConfig,
  type McpServerDescription,
  projectMcpServers,
} from '@toolwright/mcp-client';
import { ToolwrightError } from '@toolwright/validation';
import { resolveCommandPaths } from '../cli/command-paths.js';
import { requireNamedPath } from '../cli/named-path.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { type AgentConfig, loadAgentConfig, parseAgentConfig, parseJsonText } from './agent-config.js';
import { loadMcpConfig, MCP_CONFIG_FILE_NAME } from './mcp-config.js';
import { loadUserConfig, type UserConfig } from './user-config.js';

/** The flags that choose the workspace and its config files. */
export interface WorkspaceSettingsOptions {
  workspace?: string;
  config?: string;
  mcpConfig?: string;
  /** `false` (`--no-mcp`): no server is loaded (the files are still covered by the folder's trust). */
  mcp?: boolean;
}

/** What the workspace itself carries: the files a clone brings, judged by the folder's trust. */
export interface ProjectFiles {
  /** The folder's trust, over every project file below (read once; parsed from these bytes). */
  readonly check: FolderTrustCheck;
  /** The project's `toolwright.config.json` (or a `--config` inside the workspace), when it has one. */
  readonly configFile: string | undefined;
  /** The project config as written (parsed and validated; nothing of it acted on yet). */
  readonly config: AgentConfig;
  /** The project's MCP servers file (`.mcp.json`, its `mcpConfig`, or a `--mcp-config` inside it). */
  readonly mcpFile: string | undefined;
  /** What the project's servers would start or contact, nothing expanded. */
  readonly servers: readonly McpServerDescription[];
  /** Why the project's MCP file could not be described, if so. */
  readonly serversProblem?: string;
  /**
   * Project files whose real path is outside the workspace (a link out of it, or an `mcpConfig`
   * naming a path outside): hashed for the trust, but not parsed while the folder is untrusted,
   * so no error message or description can show another file's content.
   */
  readonly linkedOutside: ReadonlyArray<{ readonly path: string; readonly realPath: string }>;
}

/** The merged configuration of one command, and where each part came from. */
export interface WorkspaceSettings {
  readonly workspaceRoot: string;
  readonly user: UserConfig;
  readonly project: ProjectFiles;
  /** Whether the project's files apply in full: trusted, or trusted for this run. */
  readonly projectApplies: boolean;
  /** User config, then `--config` outside the workspace, then the project's (in full, or only what tightens). */
  readonly config: AgentConfig;
  /** User servers, servers of files the user named outside the workspace, then (if it applies) the project's. */
  readonly servers: readonly McpServerConfig[];
  /**
   * What an untrusted project asks for that this run ignores (e.g. `toolwright.config.json:
   * baseUrl`, `.mcp.json: 2 servers (a, b)`); empty when the project applies or asks for nothing.
   */
  readonly ignored: readonly string[];
  /** Files only the user may change: every config file read or covered, and the trust store. */
  readonly protectedPaths: readonly string[];
  /** The folder trust store the check was made against. */
  readonly store: FolderTrustStore;
}

/**
 * The real path of `path` (a missing tail kept as written, see `resolveRealPath`), or `path`
 * itself when it cannot be resolved: such a file is then simply not found among the covered ones.
 */
function realPathOf(path: string): string {
  try {
    return resolveRealPath(path);
  } catch {
    return path;
  }
}

/** True when `path` really is inside `folder` (a real path). */
function isInside(folder: string, path: string): boolean {
  return isInsideDirectory(folder, realPathOf(path));
}

/** The content of a covered file as the check read it. */
function contentOf(check: FolderTrustCheck, path: string): string | undefined {
  const real = realPathOf(path);
  return check.files.find((file) => file.realPath === real || file.path === path)?.content;
}

function parseProjectConfig(
  check: FolderTrustCheck,
  file: string | undefined,
  mayRead: (file: string) => boolean,
): AgentConfig {
  if (file === undefined || !mayRead(file)) return {};
  const text = contentOf(check, file);
  return text === undefined ? {} : parseAgentConfig(parseJsonText(text, file), file);
}

/** The real path a covered file was read at. */
function coveredRealPath(check: FolderTrustCheck, path: string): string {
  const real = realPathOf(path);
  return check.files.find((file) => file.realPath === real || file.path === path)?.realPath ?? real;
}

/** A user-named `--mcp-config`, which must exist. */
function mcpFlagFile(options: WorkspaceSettingsOptions, workspaceRoot: string): string | undefined {
  if (options.mcpConfig === undefined) return undefined;
  return requireNamedPath(options.mcpConfig, 'file', {
    name: '--mcp-config',
    base: { path: workspaceRoot, description: 'the workspace' },
    code: AgentErrorCode.OptionInvalid,
    hint: `Leave --mcp-config out to use ${MCP_CONFIG_FILE_NAME} when the workspace has one, or pass --no-mcp.`,
  });
}

/** `mcpConfig` of a config file, which must exist (checked only where it is acted on). */
function mcpConfigTarget(configFile: string, value: string, workspaceRoot: string): string {
  return requireNamedPath(value, 'file', {
    name: `Invalid config in ${configFile}: key /mcpConfig`,
    base: { path: workspaceRoot, description: 'the workspace' },
    code: AgentErrorCode.ConfigInvalid,
  });
}

/**
 * Reads the project's files under the folder's trust. A file is the project's when the workspace
 * named it (`toolwright.config.json`, `.mcp.json`, the project config's `mcpConfig`) or when the
 * user named one inside the workspace (`--config`, `--mcp-config`); a file the user named
 * outside the workspace is the user's. Every project file is covered by one check, whatever
 * `--no-mcp` says, so the same folder is judged the same way by every command.
 */
function readProjectFiles(
  options: WorkspaceSettingsOptions,
  paths: { workspaceRoot: string; configFile: string },
  store: FolderTrustStore,
  trustForRun: boolean,
): {
  project: ProjectFiles;
  explicitConfig?: { file: string; config: AgentConfig };
  explicitMcpFile?: string;
} {
  const { workspaceRoot } = paths;
  const realWorkspace = realPathOf(workspaceRoot);
  const configIsProject = options.config === undefined || isInside(realWorkspace, paths.configFile);
  const explicitConfig = configIsProject
    ? undefined
    : { file: paths.configFile, config: loadAgentConfig(workspaceRoot, paths.configFile) };
  // The MCP file the user named: by flag, or by the `mcpConfig` of a config file they named.
  const flagMcp = mcpFlagFile(options, workspaceRoot);
  const userNamedMcp =
    flagMcp ??
    (explicitConfig?.config.mcpConfig === undefined
      ? undefined
      : mcpConfigTarget(explicitConfig.file, explicitConfig.config.mcpConfig, workspaceRoot));
  // Named by the user but inside the workspace: its content is still the repository's.
  const userNamedMcpIsProject = userNamedMcp !== undefined && isInside(realWorkspace, userNamedMcp);
  const covered: string[] = [];
  if (configIsProject) covered.push(paths.configFile);
  let projectMcpFile =
    userNamedMcp === undefined
      ? resolve(workspaceRoot, MCP_CONFIG_FILE_NAME)
      : userNamedMcpIsProject
        ? userNamedMcp
        : undefined;
  if (projectMcpFile !== undefined) covered.push(projectMcpFile);
  let check = store.check(workspaceRoot, covered);
  // Until the folder is trusted, only files really inside it are parsed: a link to
  // /proc/self/environ or ~/.aws/credentials under a config name is hashed, never shown.
  const mayRead = (file: string): boolean => {
    if (check.trusted || trustForRun) return true;
    return isInsideDirectory(realWorkspace, coveredRealPath(check, file));
  };
  const projectConfigFile = configIsProject ? paths.configFile : undefined;
  let config = parseProjectConfig(check, projectConfigFile, mayRead);
  if (userNamedMcp === undefined && config.mcpConfig !== undefined && projectConfigFile !== undefined) {
    // Named by the project: covered like the project's other files, acted on only once trusted.
    projectMcpFile = resolve(workspaceRoot, config.mcpConfig);
    const before = check.files.find((file) => file.path === projectConfigFile)?.sha256;
    check = store.check(workspaceRoot, [...covered, projectMcpFile]);
    if (check.files.find((file) => file.path === projectConfigFile)?.sha256 !== before) {
      throw new AgentError(
        AgentErrorCode.ConfigInvalid,
        `${projectConfigFile} changed while it was read; run the command again.`,
      );
    }
    config = parseProjectConfig(check, projectConfigFile, mayRead);
  }
  const explicitMcpFile = userNamedMcpIsProject ? undefined : userNamedMcp;
  let servers: readonly McpServerDescription[] = [];
  let serversProblem: string | undefined;
  if (projectMcpFile !== undefined && mayRead(projectMcpFile)) {
    const described = projectMcpServers({ ...check, trusted: false, status: 'untrusted' }, projectMcpFile);
    servers = described.descriptions;
    if (described.trusted === false && described.problem !== undefined) serversProblem = described.problem;
  }
  return {
    project: {
      check,
      configFile:
        projectConfigFile !== undefined && contentOf(check, projectConfigFile) !== undefined
          ? projectConfigFile
          : undefined,
      config,
      mcpFile: projectMcpFile,
      servers,
      ...(serversProblem === undefined ? {} : { serversProblem }),
      linkedOutside: check.files
        .filter((file) => file.content !== undefined && !mayRead(file.path))
        .map((file) => ({ path: file.path, realPath: file.realPath })),
    },
    ...(explicitConfig === undefined ? {} : { explicitConfig }),
    ...(explicitMcpFile === undefined ? {} : { explicitMcpFile }),
  };
}

/** Appends rule lists without repeats. */
function union(...lists: ReadonlyArray<readonly string[] | undefined>): string[] | undefined {
  const all = lists.flatMap((list) => list ?? []);
  return all.length === 0 && lists.every((list) => list === undefined) ? undefined : [...new Set(all)];
}

/**
 * `base` with `over` on top, key by key; permission rules are joined rather than replaced, so
 * every layer's deny and ask rules hold.
 */
function layer(base: AgentConfig, over: AgentConfig): AgentConfig {
  const { permissions: basePermissions, ...baseRest } = base;
  const { permissions: overPermissions, ...overRest } = over;
  const merged: AgentConfig = { ...baseRest, ...overRest };
  if (basePermissions === undefined && overPermissions === undefined) return merged;
  const allow = union(basePermissions?.allow, overPermissions?.allow);
  const ask = union(basePermissions?.ask, overPermissions?.ask);
  const deny = union(basePermissions?.deny, overPermissions?.deny);
  return {
    ...merged,
    permissions: {
      ...(allow === undefined ? {} : { allow }),
      ...(ask === undefined ? {} : { ask }),
      ...(deny === undefined ? {} : { deny }),
    },
  };
}

/** What of a project config holds without trust: only what tightens (deny and ask rules, Plan mode). */
export function tighteningPart(config: AgentConfig): AgentConfig {
  const { deny, ask } = config.permissions ?? {};
  return {
    ...(config.planMode === true ? { planMode: true } : {}),
    ...(deny === undefined && ask === undefined
      ? {}
      : { permissions: { ...(deny === undefined ? {} : { deny }), ...(ask === undefined ? {} : { ask }) } }),
  };
}

/** The keys of a project config that an untrusted folder does not get, as `key` or `permissions.allow`. */
export function ignoredKeys(config: AgentConfig): string[] {
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || key === '$schema') continue;
    if (key === 'planMode' && value === true) continue;
    if (key === 'permissions') {
      if ((config.permissions?.allow ?? []).length > 0) ignored.push('permissions.allow');
      continue;
    }
    ignored.push(key);
  }
  return ignored;
}

function loadServersFile(file: string): McpServerConfig[] {
  return loadMcpConfig(dirname(file), file);
}

/**
 * The settings of one command: the user's config (trusted), files the user named outside the
 * workspace (trusted), and the workspace's own files, which apply in full only when the user
 * trusts the folder (`store.check`) or this run was told to (`trustForRun`). Otherwise only
 * their deny and ask rules and `planMode: true` apply, and nothing of their MCP servers is
 * expanded, started or contacted.
 */
export function loadWorkspaceSettings(
  options: WorkspaceSettingsOptions,
  settings: { trustForRun?: boolean; store?: FolderTrustStore; env?: NodeJS.ProcessEnv } = {},
): WorkspaceSettings {
  const env = settings.env ?? process.env;
  const store = settings.store ?? new FolderTrustStore();
  const paths = resolveCommandPaths(options);
  const useMcp = options.mcp !== false;
  const user = loadUserConfig({ mcp: useMcp }, env);
  const { project, explicitConfig, explicitMcpFile } = readProjectFiles(
    options,
    paths,
    store,
    settings.trustForRun === true,
  );
  const applies = project.check.trusted || settings.trustForRun === true;
  // A project file named by mcpConfig must exist once it is acted on, as a flag's file must.
  if (applies && useMcp && project.mcpFile !== undefined && project.config.mcpConfig !== undefined) {
    if (contentOf(project.check, project.mcpFile) === undefined && options.mcpConfig === undefined) {
      mcpConfigTarget(project.configFile ?? paths.configFile, project.config.mcpConfig, paths.workspaceRoot);
    }
  }
  let config = layer(user.config, explicitConfig?.config ?? {});
  config = layer(config, applies ? project.config : tighteningPart(project.config));
  const servers = new Map<string, McpServerConfig>();
  const add = (list: readonly McpServerConfig[]): void => {
    for (const server of list) servers.set(server.name, server);
  };
  add(user.servers);
  if (useMcp && explicitMcpFile !== undefined) add(loadServersFile(explicitMcpFile));
  if (useMcp && applies && project.mcpFile !== undefined) {
    const check = project.check.trusted
      ? project.check
      : { ...project.check, trusted: true, status: 'trusted' as const };
    try {
      add(projectMcpServers(check, project.mcpFile, { env }).servers);
    } catch (error) {
      if (!ToolwrightError.isInstance(error)) throw error;
      throw new AgentError(
        AgentErrorCode.ConfigInvalid,
        `Invalid MCP config in ${project.mcpFile}: ${error.message}`,
        { cause: error },
      );
    }
  }
  const ignored: string[] = [];
  if (!applies) {
    for (const file of project.linkedOutside) {
      ignored.push(`${file.path}: links outside the workspace (to ${file.realPath}), not read until trusted`);
    }
    const keys = ignoredKeys(project.config);
    if (keys.length > 0) ignored.push(`${project.configFile ?? paths.configFile}: ${keys.join(', ')}`);
    // With --no-mcp no server would be loaded anyway: only the config's own keys are ignored.
    const active = useMcp ? project.servers.filter((server) => !server.disabled) : [];
    if (useMcp && project.serversProblem !== undefined) {
      ignored.push(`${project.mcpFile}: an MCP servers file that cannot be read`);
    } else if (active.length > 0) {
      const names = active.map((server) => server.name).join(', ');
      ignored.push(
        `${project.mcpFile}: ${active.length} MCP server${active.length === 1 ? '' : 's'} (${names})`,
      );
    }
  }
  const protectedPaths = [
    ...project.check.files.map((file) => file.path),
    ...(explicitConfig === undefined ? [] : [explicitConfig.file]),
    ...(explicitMcpFile === undefined ? [] : [explicitMcpFile]),
    user.configFile,
    user.mcpConfigFile,
    store.directory,
  ];
  return {
    workspaceRoot: paths.workspaceRoot,
    user,
    project,
    projectApplies: applies,
    config,
    servers: [...servers.values()],
    ignored,
    protectedPaths: [...new Set(protectedPaths)],
    store,
  };
}
