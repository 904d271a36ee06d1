import type { MessageLocale } from '@toolwright/spec';

export type { MessageLocale };

/**
 * Every model-facing sentence validation produces. Values (paths, expectations, previews) are
 * passed in already formatted; a catalog only supplies the words around them.
 */
export interface MessageCatalog {
  header(toolName: string | undefined, issueCount: number): string;
  rootPath: string;
  mismatch(expected: string, received: string): string;
  missingRequired(name: string, expected: string): string;
  unknownArgument(name: string, suggestion: string | undefined, accepted: readonly string[]): string;
  moreIssues(count: number): string;
  notObject(received: string): string;
  tooLarge(maxBytes: number): string;
  tooDeep(maxDepth: number): string;
  forbiddenKey(key: string): string;
  notJson(received: string): string;
  schemaUnusable(reason: string): string;
}

function listNames(names: readonly string[], maxNames: number): string {
  const shown = names.slice(0, maxNames).join(', ');
  return names.length > maxNames ? `${shown}, …` : shown;
}

const english: MessageCatalog = {
  header: (toolName, issueCount) =>
    `Invalid arguments${toolName === undefined ? '' : ` for tool "${toolName}"`} (${issueCount} problem${
      issueCount === 1 ? '' : 's'
    }); fix and call again:`,
  rootPath: '(arguments)',
  mismatch: (expected, received) => `expected ${expected}, received ${received}`,
  missingRequired: (name, expected) => `missing required argument "${name}" (expected ${expected})`,
  unknownArgument: (name, suggestion, accepted) =>
    `unknown argument "${name}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}${
      accepted.length === 0
        ? '; no arguments are accepted here'
        : `; accepted arguments: ${listNames(accepted, 12)}`
    }`,
  moreIssues: (count) => `… and ${count} more problem${count === 1 ? '' : 's'}`,
  notObject: (received) => `expected the arguments to be a JSON object, received ${received}`,
  tooLarge: (maxBytes) => `arguments are larger than the limit of ${maxBytes} bytes as JSON; send less data`,
  tooDeep: (maxDepth) => `arguments nest deeper than the limit of ${maxDepth} levels`,
  forbiddenKey: (key) => `the key "${key}" is not allowed in arguments (prototype keys are refused)`,
  notJson: (received) =>
    `expected plain JSON (object, array, string, number, boolean or null), received ${received}`,
  schemaUnusable: (reason) => `the tool's input schema cannot be used: ${reason}`,
};

const simplifiedChinese: MessageCatalog = {
  header: (toolName, issueCount) =>
    `${toolName === undefined ? '' : `工具 "${toolName}" 的`}参数无效（${issueCount} 个问题），请修正后重新调用：`,
  rootPath: '（参数对象）',
  mismatch: (expected, received) => `应为 ${expected}，实际收到 ${received}`,
  missingRequired: (name, expected) => `缺少必填参数 "${name}"（应为 ${expected}）`,
  unknownArgument: (name, suggestion, accepted) =>
    `未知参数 "${name}"${suggestion === undefined ? '' : `（是否想用 "${suggestion}"？）`}${
      accepted.length === 0 ? '；此处不接受任何参数' : `；可用参数：${listNames(accepted, 12)}`
    }`,
  moreIssues: (count) => `……另有 ${count} 个问题`,
  notObject: (received) => `参数必须是 JSON 对象，实际收到 ${received}`,
  tooLarge: (maxBytes) => `参数过大：按 JSON 计超过 ${maxBytes} 字节的上限，请减少数据量`,
  tooDeep: (maxDepth) => `参数嵌套过深：超过 ${maxDepth} 层的上限`,
  forbiddenKey: (key) => `参数中不允许出现键 "${key}"（原型相关的键会被拒绝）`,
  notJson: (received) => `应为纯 JSON 值（对象、数组、字符串、数字、布尔值或 null），实际收到 ${received}`,
  schemaUnusable: (reason) => `该工具的输入 schema 无法使用：${reason}`,
};

const catalogs: Record<MessageLocale, MessageCatalog> = { en: english, 'zh-CN': simplifiedChinese };

/** The catalog for `locale`, English when none is given. */
export function messageCatalog(locale: MessageLocale | undefined): MessageCatalog {
  return catalogs[locale ?? 'en'];
}
