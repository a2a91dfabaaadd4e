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

test('OMPX: Release Slurm Allocation is in the palette', () => {
  const c = pkg.contributes.commands.find((x) => x.command === 'ompx.releaseSlurmAllocation');
  assert.deepEqual(c, { command: 'ompx.releaseSlurmAllocation', title: 'Release Slurm Allocation', category: 'OMPX' });
  assert.ok(registeredCommands().has('ompx.releaseSlurmAllocation'));
  // Hidden from the palette only by a `when`; it has none.
  assert.ok(!(pkg.contributes.menus.commandPalette ?? []).some((m) => m.command === c.command));
});

test('the launcher settings: per folder, described, the enums the server accepts', () => {
  const props = pkg.contributes.configuration.properties;
  const names = ['ompx.launch.launcher', ...['partition', 'account', 'gres', 'gpus', 'time', 'args', 'stage', 'stageDir', 'allocation']
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
