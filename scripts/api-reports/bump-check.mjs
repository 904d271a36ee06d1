// Does a package's pending changeset bump cover the change of its API since the last release?
//
// The bump a change needs follows semver, and for 0.x the rule this repo's changesets follow
// (and npm's caret ranges read: `^0.3.1` is `>=0.3.1 <0.4.0`, so 0.MINOR is the breaking digit):
//
//   change     | 1.0.0 and later | 0.x
//   breaking   | major           | minor (or major, which leaves 0.x)
//   addition   | minor           | minor
//   none       | nothing needed  | nothing needed
//
// One exception to the 0.x column, from VERSIONING.md: a specification-versioned interface (a
// name ending in V1, V2, ...) never breaks inside its version, so removing or changing one
// incompatibly is a major on every line (the way to change it is a V2 beside it). The rule binds
// the package that defines the interface: a name a package re-exports from another (the
// interfaces of @toolwright/spec) is compared with that definition, and a change to it is an
// ordinary change of the re-exporting package.
//
// A package with no released report yet has never been published: its first version needs a
// changeset of any kind.
import { BUMP_ORDER } from './changesets.mjs';
import { classifyReportChange } from './classify.mjs';

/** An interface carrying its specification version in its name: `ToolV1`, `ArtifactSinkV1`. */
const SPECIFICATION_VERSIONED = /V\d+$/;

/** The least bump a change of `kind` needs at `version`. */
export function requiredBump(kind, version) {
  if (kind === 'none') return 'none';
  const preOne = Number(version.split('.')[0]) === 0;
  if (kind === 'breaking') return preOne ? 'minor' : 'major';
  return 'minor';
}

/**
 * One package's verdict: `{ ok, required, declared, changes, message }`.
 * `entries` is `[{ reportName, released (text or undefined), current (text) }]`;
 * `declared` the pending bump for the package (`none` when no changeset names it); `resolve`
 * finds the declaration of a name re-exported from another package (see `classifyReportChange`).
 */
export function checkPackageBump({ name, version, entries, declared, resolve }) {
  if (entries.every((entry) => entry.released === undefined)) {
    const ok = declared !== 'none';
    return {
      ok,
      required: 'patch',
      declared,
      changes: [],
      message: ok
        ? `${name}: never released; its first version comes from a ${declared} changeset`
        : `${name}: never released, and no pending changeset names it; add one (npm run changeset) for its first version`,
    };
  }
  const changes = [];
  for (const entry of entries) {
    // An entry that did not exist at the release is all new: an addition.
    if (entry.released === undefined) {
      changes.push({
        kind: 'addition',
        name: entry.reportName,
        detail: `entry ${entry.reportName} was added`,
      });
      continue;
    }
    const result = classifyReportChange(entry.released, entry.current, resolve);
    changes.push(
      ...result.changes.map((change) => ({ ...change, detail: `${entry.reportName}: ${change.detail}` })),
    );
  }
  const kind = changes.some((c) => c.kind === 'breaking')
    ? 'breaking'
    : changes.some((c) => c.kind === 'addition')
      ? 'addition'
      : 'none';
  const versionedBreak = changes.some(
    (c) => c.kind === 'breaking' && !c.reExported && SPECIFICATION_VERSIONED.test(c.name),
  );
  const required = versionedBreak ? 'major' : requiredBump(kind, version);
  const ok = BUMP_ORDER.indexOf(declared) >= BUMP_ORDER.indexOf(required);
  const listed = changes.map((change) => `  ${change.kind}: ${change.detail}`).join('\n');
  const message = ok
    ? `${name}@${version}: API change ${kind}, needs ${required}, changesets give ${declared}`
    : `${name}@${version}: its API changed since the last release (${kind}), which needs at least a ${required} changeset; ` +
      `the pending changesets give ${declared === 'none' ? 'none' : `only ${declared}`}. ` +
      `Add one with \`npm run changeset\` (or raise the bump of an existing one).\n${listed}`;
  return { ok, required, declared, kind, changes, message };
}
