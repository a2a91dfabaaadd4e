// package.json against the sources: every command the extension contributes
// is registered by it (a palette entry without a handler fails only when
// clicked), and the launch settings are per folder with a description.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extensionRoot } from '../lib/paths.mjs';

const pkg = JSON.parse(readFileSync(join(extensionRoot, 'package.json'), 'utf8'));
const src = join(extensionRoot, 'src');
const sources = readdirSync(src).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(src, f), 'utf8')).join('\n');

/** Command ids passed to registerCommand, string literals or exported constants resolved. */
function registeredCommands() {
  const consts = new Map([...sources.matchAll(/export const (\w+) = '([^']+)'/g)].map((m) => [m[1], m[2]]));
  return new Set([...sources.matchAll(/registerCommand\(\s*(?:'([^']+)'|(\w+))/g)].map((m) => m[1] ?? consts.get(m[2])));
}

test('every contributed command is registered', () => {
  const registered = registeredCommands();
  const contributed = pkg.contributes.commands.map((c) => c.command);
  assert.deepEqual(contributed.filter((c) => !registered.has(c)), []);
});

/** Server commands the extension sends (workspace/executeCommand): constants passed to clientFor/execute or as `command:`. */
function serverCommands() {
  const consts = new Map([...sources.matchAll(/export const (\w+) = '([^']+)'/g)].map((m) => [m[1], m[2]]));
  const used = [...sources.matchAll(/(?:clientFor\(|command: (?=[A-Z_]+, arguments)|execute(?:<[^>]*>)?\(\w+, )([A-Z_]+)\b/g)].map((m) => consts.get(m[1]));
  return new Set(used.filter((c) => c));
}

test('no command the extension registers is a server command (the client registers those itself)', () => {
  // vscode-languageclient registers every command of executeCommandProvider;
  // one the extension registered already makes the client fail to start
  // ("command 'ompx.releaseSlurmAllocation' already exists").
  const server = serverCommands();
  for (const c of ['ompx.listDevices', 'ompx.compileAndLaunch', 'ompx.releaseSlurmAllocation', 'ompx.emitMLIR'])
    assert.ok(server.has(c), `${c} not found among the server commands: ${[...server].join(', ')}`);
  assert.deepEqual([...registeredCommands()].filter((c) => server.has(c)), []);
});

test('OMPX: Release Slurm Allocation is in the palette', () => {
  const c = pkg.contributes.commands.find((x) => x.command === 'ompx.releaseSlurm');
  assert.deepEqual(c, { command: 'ompx.releaseSlurm', title: 'Release Slurm Allocation', category: 'OMPX' });
  assert.ok(registeredCommands().has('ompx.releaseSlurm'));
  // Hidden from the palette only by a `when`; it has none.
  assert.ok(!(pkg.contributes.menus.commandPalette ?? []).some((m) => m.command === c.command));
});

test('the launcher settings: per folder, described, the enums the server accepts', () => {
  const props = pkg.contributes.configuration.properties;
  const names = ['ompx.launch.launcher', ...['partition', 'account', 'gres', 'gpus', 'time', 'args', 'stage', 'stageDir', 'allocation', 'binDir']
    .map((k) => `ompx.launch.slurm.${k}`)];
  for (const n of names) {
    assert.ok(props[n], `${n} missing`);
    assert.equal(props[n].scope, 'resource', n);
    assert.ok(props[n].markdownDescription?.length > 30, `${n} has no description`);
  }
  assert.deepEqual(props['ompx.launch.launcher'].enum, ['local', 'slurm']);
  assert.equal(props['ompx.launch.launcher'].default, 'local');
  assert.deepEqual(props['ompx.launch.slurm.stage'].enum, ['shared', 'sbcast']);
  assert.deepEqual(props['ompx.launch.slurm.allocation'].enum, ['new', 'reuse']);
  assert.equal(props['ompx.launch.slurm.args'].items.type, 'string');
});

// Workspace trust. Untrusted, VS Code ignores a workspace's value of each
// restricted setting; the extension starts no server and no launch at all.
// Which settings must be restricted is read off the schema, so a new setting
// that names a program, its arguments, a folder or an environment cannot be
// forgotten: its key says so (path, args, dir, driver, env, command, program,
// exe, bin), or it is free text (a string, or an array/object of strings,
// without an enum) whose description speaks of a path, folder, argument,
// executable, command line or environment.
const RISKY_KEY = /path|args|dir|driver|env|command|program|exe|bin/i;
const RISKY_TEXT = /\b(path|folder|director(y|ies)|arguments?|executable|command line|environment)\b/i;
/** Settings the rules above would flag that are safe to take from an untrusted workspace, with the reason. */
const NOT_RESTRICTED = {};

function freeText(schema) {
  if (!schema || schema.enum) return false;
  if (schema.type === 'string') return true;
  if (schema.type === 'array') return freeText(schema.items);
  if (schema.type === 'object') return freeText(schema.additionalProperties);
  return false;
}

test('untrustedWorkspaces: limited support, every setting that names something to run restricted', () => {
  const trust = pkg.capabilities?.untrustedWorkspaces;
  assert.ok(trust, 'package.json declares no capabilities.untrustedWorkspaces');
  assert.equal(trust.supported, 'limited');
  assert.ok(trust.description?.length > 40, 'no description of what is limited');
  const props = pkg.contributes.configuration.properties;
  const restricted = new Set(trust.restrictedConfigurations ?? []);
  for (const name of restricted) assert.ok(props[name], `restricted ${name} is not a setting`);
  const risky = Object.entries(props).filter(([name, schema]) =>
    RISKY_KEY.test(name.replace(/^ompx\./, '')) ||
    (freeText(schema) && RISKY_TEXT.test(`${schema.markdownDescription ?? ''} ${schema.description ?? ''}`)))
    .map(([name]) => name);
  for (const name of Object.keys(NOT_RESTRICTED)) assert.ok(risky.includes(name), `${name} need not be listed as an exception`);
  assert.deepEqual(risky.filter((n) => !restricted.has(n) && !(n in NOT_RESTRICTED)), []);
  // The ones this change is about, whatever the rules say.
  for (const name of ['ompx.server.path', 'ompx.server.args', 'ompx.launch.slurm.binDir', 'ompx.launch.drivers', 'ompx.launch.fileDrivers'])
    assert.ok(restricted.has(name), `${name} not restricted`);
});
