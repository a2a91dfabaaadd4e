// End-to-end test in a real VS Code (code-server in headless Chromium, driven
// by playwright-core). Started by scripts/e2e-code-server.sh, which installs
// code-server, installs the .vsix and starts code-server; this file only
// drives the page. Env: CS_URL, WS (workspace folder), OUT (screenshots,
// report), PLAYWRIGHT_DIR, CHROMIUM, OMPX_REQUIRE_FEATURES, OMPX_E2E_STEPS, CAPS (what the
// server advertises, from caps.mjs: steps for features it lacks are skipped),
// SLURM_CONF (the loopback cluster the script started) or OMPX_E2E_SLURM_SKIP
// (why there is none: the Slurm steps are skipped).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const { chromium } = createRequire(join(process.env.PLAYWRIGHT_DIR, 'package.json'))('playwright-core');
const OUT = process.env.OUT;
const WS = process.env.WS;
mkdirSync(OUT, { recursive: true });
const results = [];
const log = (s) => console.log(`[e2e ${new Date().toISOString().slice(11, 19)}] ${s}`);
const CAPS = (() => { try { return JSON.parse(process.env.CAPS || '{}'); } catch { return {}; } })();
const serverCommands = CAPS.commands ?? [];

const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'ompx-chromium-')), {
  executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium',
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const page = browser.pages()[0] ?? await browser.newPage();
page.setDefaultTimeout(60000);

async function shot(name) {
  const p = join(OUT, `${name}.png`);
  await page.screenshot({ path: p });
  log(`screenshot ${p}`);
}

async function step(name, fn, { keepToasts = false } = {}) {
  // OMPX_E2E_STEPS=regex runs only the matching steps (a later step may need an earlier one).
  if (process.env.OMPX_E2E_STEPS && !new RegExp(process.env.OMPX_E2E_STEPS).test(name)) return;
  const t0 = Date.now();
  // Leftovers of a failed step (an open QuickPick, a hover) must not eat this
  // one's keys (Escape also hides the toasts, which a step may need).
  if (!keepToasts) {
    await page.keyboard.press('Escape').catch(() => undefined);
    await page.keyboard.press('Escape').catch(() => undefined);
  }
  try {
    const r = await fn();
    if (r && r.skip) {
      if (process.env.OMPX_REQUIRE_FEATURES) throw new Error(`${r.skip} (OMPX_REQUIRE_FEATURES is set)`);
      results.push({ name, status: 'skipped', why: r.skip });
      log(`SKIP ${name}: ${r.skip}`);
    } else {
      results.push({ name, status: 'passed', ms: Date.now() - t0 });
      log(`ok   ${name} (${Date.now() - t0} ms)`);
    }
  } catch (e) {
    results.push({ name, status: 'failed', error: String(e?.stack ?? e) });
    log(`FAIL ${name}: ${e?.message ?? e}`);
    await shot(`fail-${name.replace(/\W+/g, '_')}`).catch(() => undefined);
  }
}

async function palette(command) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${command}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: command }).first().waitFor();
  await page.keyboard.press('Enter');
}

async function openFile(name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  // Click the row: Enter may pick the first row of the recently-opened list
  // before the filter applies (another open file).
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
  await row.waitFor();
  await page.waitForTimeout(300);
  await row.click();
  await page.locator(`.tab.active`, { hasText: name }).waitFor();
  await page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor();
}

async function goTo(line, col) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${col}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}

async function outputText() {
  return page.locator('.part.panel .monaco-editor .view-lines').first().innerText();
}

log(`opening ${process.env.CS_URL}`);
await page.goto(`${process.env.CS_URL}/?folder=${encodeURIComponent(WS)}`);
await page.locator('.monaco-workbench').waitFor({ timeout: 120000 });
await page.waitForTimeout(3000);

/** The texts of the language status items (the {} entry of the status bar), read from its hover. */
async function languageStatus() {
  const entry = page.locator('[id="status.languageStatus"]').first();
  await entry.waitFor({ timeout: 30000 });
  await entry.hover();
  const hover = page.locator('.hover-language-status, .monaco-hover', { hasText: 'ompx-lsp' }).first();
  await hover.waitFor({ timeout: 10000 });
  return hover.innerText();
}

const lensRows = () => page.locator('.editor-instance .monaco-editor .codelens-decoration', { hasText: 'Launch' });

const flang = 'omp_target_teams_dpd.hlfir.mlir';
await step('language status item: ompx-lsp ready', async () => {
  await openFile(flang);
  let text = '';
  for (let i = 0; i < 60 && !/ompx-lsp: ready/.test(text); i++) {
    text = await languageStatus().catch(() => '');
    if (!/ompx-lsp: ready/.test(text)) { await page.mouse.move(700, 400); await page.waitForTimeout(1000); }
  }
  if (!/ompx-lsp: ready/.test(text)) throw new Error(`language status: ${text}`);
  log(`language status: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
  await shot('00-language-status');
  await page.mouse.move(700, 400);
});

await step('flang library (no main program): highlighting, no ▶ Launch CodeLens', async () => {
  await openFile(flang);
  await goTo(5, 3); // func.func @_QPsaxpy_offload
  await page.waitForTimeout(4000); // lenses are asked for right after the server is up
  const n = await lensRows().count();
  await shot('01-flang-library-no-codelens');
  if (n !== 0) throw new Error(`${n} Launch lenses on a module without main and driver`);
});

await step('flang program: exactly one ▶ Launch CodeLens, on the module', async () => {
  await openFile('launch_saxpy.hlfir.mlir');
  await lensRows().first().waitFor({ timeout: 60000 });
  await page.waitForTimeout(1000);
  const n = await lensRows().count();
  await goTo(1, 1);
  await shot('01-flang-program-codelens');
  if (n !== 1) throw new Error(`${n} Launch lenses, want 1`);
});

await step('OpenACC program: the lens says OpenACC, no forced host; no colour swatches on #acc<…>', async () => {
  await openFile('acc_saxpy.hlfir.mlir');
  await lensRows().first().waitFor({ timeout: 60000 });
  const title = (await lensRows().first().innerText()).trim();
  await goTo(27, 1); // %12 = acc.copyin ... {dataClause = #acc<data_clause acc_copy>, ...}
  await page.waitForTimeout(2000); // colour providers run after the text is shown
  const swatches = await page.locator('.editor-instance .monaco-editor .colorpicker-color-decoration').count();
  await shot('01-openacc-lens-no-swatches');
  if (!/Launch \(OpenACC\)/.test(title)) throw new Error(`lens: ${title}`);
  if (swatches) throw new Error(`${swatches} colour swatches in an MLIR file`);
});

await step('hover on the map_entries block argument %arg7', async () => {
  await openFile(flang);
  await goTo(67, 29); // hlfir.declare %arg7(%45) ... inside omp.target
  const hover = page.locator('.monaco-hover-content, .monaco-resizable-hover', { hasText: 'map_entries' }).first();
  for (let i = 0; i < 20; i++) {
    await palette('Show or Focus Hover');
    try { await hover.waitFor({ state: 'visible', timeout: 3000 }); break; } catch { /* server may still be analyzing */ }
    await page.keyboard.press('Escape');
  }
  const text = await hover.innerText();
  if (!/map_entries/.test(text) || !/%25/.test(text)) throw new Error(`hover text: ${text}`);
  log(`hover: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
  await shot('02-hover-block-argument');
  await page.keyboard.press('Escape');
});

await step('diagnostics: an edit that breaks omp.target shows an error squiggle and a Problems entry', async () => {
  await openFile(flang);
  await goTo(53, 15); // just after "omp.target"
  await page.keyboard.type('x');
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60000 });
  await page.keyboard.press('Control+Shift+M');
  const markers = page.locator('.markers-panel .monaco-list-row').first();
  await markers.waitFor();
  const text = await page.locator('.markers-panel').innerText();
  if (!/omp\.targetx/.test(text)) throw new Error(`Problems panel: ${text}`);
  log(`problems: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
  await shot('03-diagnostics');
  await page.keyboard.press('Control+Z');
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached', timeout: 60000 });
});

await step('OMPX: Compile and Launch on host: stages and program output in the OMPX Launch channel', async () => {
  await openFile('launch_saxpy.hlfir.mlir');
  await page.waitForTimeout(2000);
  await palette('OMPX: Compile and Launch');
  // Either the device QuickPick or an error toast saying the server lacks the command.
  const hostRow = page.locator('.quick-input-list .monaco-list-row', { hasText: 'host' }).first();
  const lacks = page.locator('.notifications-toasts', { hasText: 'does not provide ompx.' }).first();
  const down = page.locator('.notifications-toasts', { hasText: 'language server is not running' }).first();
  const which = await Promise.race([
    hostRow.waitFor({ timeout: 60000 }).then(() => 'pick'),
    lacks.waitFor({ timeout: 60000 }).then(() => 'lacks'),
    down.waitFor({ timeout: 60000 }).then(() => 'down'),
  ]);
  if (which === 'down') throw new Error('the language server is not running');
  if (which === 'lacks') {
    await shot('04-launch-server-lacks-command');
    return { skip: 'server lacks ompx.compileAndLaunch' };
  }
  await shot('04-launch-device-quickpick');
  // pick exactly "host" (not host-offload:0)
  const rows = page.locator('.quick-input-list .monaco-list-row');
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const label = (await rows.nth(i).locator('.label-name').first().innerText()).trim();
    if (/^host$/.test(label.replace(/^\W+/, ''))) { await rows.nth(i).click(); break; }
  }
  await page.locator('.notifications-toasts', { hasText: /exited with code|failed|timed out/ }).first().waitFor({ timeout: 240000 });
  // The output view renders spaces as U+00A0. The toast can come before the
  // channel shows the program's last lines: read it until they are there.
  let out = '';
  for (const until = Date.now() + 15000; Date.now() < until; await page.waitForTimeout(500)) {
    out = (await outputText()).replace(/\u00a0/g, ' ');
    if (/ompx-launch-check sum=\s*5000\.0/.test(out)) break;
  }
  await shot('05-launch-result');
  if (!/ompx-launch-check sum=\s*5000\.0/.test(out)) throw new Error(`OMPX Launch output:\n${out}`);
  if (!/exited with code 0/.test(await page.locator('.notifications-toasts').innerText())) throw new Error('no success notification');
  const stages = out.split('\n').filter((l) => /^— /.test(l)).map((l) => l.trim());
  if (new Set(stages).size !== stages.length || !stages.includes('— run')) throw new Error(`stage lines: ${stages.join(' | ')}`);
  log(`stages: ${stages.join(' ')}`);
  await clearToasts();
});

async function clearToasts() {
  await palette('Notifications: Clear All Notifications').catch(() => undefined);
  await page.waitForTimeout(300);
}

await step('OMPX: List Devices: picking host makes it the default device', async () => {
  if (!serverCommands.includes('ompx.listDevices')) return { skip: 'server lacks ompx.listDevices' };
  await palette('OMPX: List Devices');
  const rows = page.locator('.quick-input-list .monaco-list-row');
  // The device list (not the palette's rows it replaces).
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'host-offload:0' }).first().waitFor({ timeout: 60000 });
  await shot('06-list-devices');
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const label = (await rows.nth(i).locator('.label-name').first().innerText()).trim().replace(/^\W+/, '');
    if (/^host( \(default\))?$/.test(label)) { await rows.nth(i).click(); break; }
  }
  await page.locator('.notifications-toasts', { hasText: 'default launch device is now host' }).first().waitFor({ timeout: 30000 });
  await clearToasts();
});

await step('launch of the flang library: a short toast with "Choose driver…"', async () => {
  if (!serverCommands.includes('ompx.compileAndLaunch')) return { skip: 'server lacks ompx.compileAndLaunch' };
  await openFile(flang);
  await palette('OMPX: Compile and Launch');
  // No QuickPick when the previous step set the default device; pick host otherwise.
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'no main program' }).first();
  const picker = page.locator('.quick-input-widget', { hasText: 'Compile and Launch on' }).first();
  const first = await Promise.race([toast.waitFor({ timeout: 240000 }).then(() => 'toast'), picker.waitFor({ timeout: 240000 }).then(() => 'pick')]);
  if (first === 'pick') {
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'host-offload:0' }).first().waitFor();
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const label = (await rows.nth(i).locator('.label-name').first().innerText()).trim().replace(/^\W+/, '');
      if (/^host$/.test(label)) { await rows.nth(i).click(); break; }
    }
    await toast.waitFor({ timeout: 240000 });
  }
  const message = (await toast.locator('.notification-list-item-message').innerText()).trim();
  await toast.locator('.monaco-button', { hasText: 'Choose driver' }).first().waitFor();
  await page.waitForTimeout(1500); // the progress notification fades out
  await shot('07-library-choose-driver');
  log(`toast: ${message}`);
  if (message.length > 130) throw new Error(`toast of ${message.length} characters: ${message}`);
});

await step('Choose driver…: the picked driver is kept for the file, the launch runs, the library gets its lens', async () => {
  if (!serverCommands.includes('ompx.compileAndLaunch')) return { skip: 'server lacks ompx.compileAndLaunch' };
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'no main program' }).first();
  await toast.locator('.monaco-button', { hasText: 'Choose driver' }).first().click();
  // code-server's file dialog is a QuickInput with a path box.
  const dialog = page.locator('.quick-input-widget', { hasText: 'Driver (main program)' }).first();
  await dialog.waitFor({ timeout: 20000 });
  // The dialog fills its path box with the folder once it has listed it.
  await dialog.locator('.monaco-list-row', { hasText: 'drivers' }).first().waitFor({ timeout: 20000 });
  const input = dialog.locator('input').first();
  await input.fill(join(WS, 'drivers', 'teams_main.f90'));
  await page.waitForTimeout(800);
  for (let i = 0; i < 3 && await dialog.isVisible(); i++) { await page.keyboard.press('Enter'); await page.waitForTimeout(800); }
  await page.locator('.notifications-toasts', { hasText: /exited with code|failed|timed out/ }).first().waitFor({ timeout: 120000 });
  const out = (await outputText()).replace(/\u00a0/g, ' ');
  await shot('07-library-driver-launch');
  if (!/exited with code 0/.test(await page.locator('.notifications-toasts').innerText())) throw new Error(`no success:\n${out}`);
  if (!/saxpy_offload: ok/.test(out)) throw new Error(`OMPX Launch output:\n${out}`);
  const settings = JSON.parse(readFileSync(join(WS, '.vscode', 'settings.json'), 'utf8'));
  const entry = settings['ompx.launch.fileDrivers']?.[flang];
  if (JSON.stringify(entry) !== JSON.stringify(['${workspaceFolder}/drivers/teams_main.f90'])) throw new Error(`settings: ${JSON.stringify(settings)}`);
  await clearToasts();
  await openFile(flang);
  await goTo(1, 1); // the lens sits above the module line
  await lensRows().first().waitFor({ timeout: 30000 });
  if (await lensRows().count() !== 1) throw new Error('want one lens on the library with its driver');
  await shot('07-library-with-driver-codelens');
}, { keepToasts: true });

// --- Slurm: launches through the loopback cluster the script started ---------

const slurmSkip = () => process.env.OMPX_E2E_SLURM_SKIP || (process.env.SLURM_CONF ? '' : 'no SLURM_CONF (no loopback cluster)');
/** A Slurm client of the loopback cluster (SLURM_CONF is in our environment). */
const slurm = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', timeout: 15000 }).trim();
const squeueIds = () => slurm('squeue', ['-h', '-o', '%i']).split(/\s+/).filter((x) => x);

/** Sets (undefined: removes) workspace settings; returns a function that puts the old values back. */
function workspaceSettings(patch) {
  const settingsPath = join(WS, '.vscode', 'settings.json');
  const read = () => { try { return JSON.parse(readFileSync(settingsPath, 'utf8')); } catch { return {}; } };
  const write = (p) => {
    const s = read();
    for (const [k, v] of Object.entries(p)) { if (v === undefined) delete s[k]; else s[k] = v; }
    mkdirSync(join(WS, '.vscode'), { recursive: true });
    writeFileSync(settingsPath, JSON.stringify(s, null, 2));
  };
  const before = read();
  const old = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k]]));
  write(patch);
  return () => write(old);
}

/**
 * The OMPX Launch channel from the last "▶ NAME" line on, all of it, from the
 * channel's file (code-server keeps each output channel in
 * user-data/logs/…/output_logging_…/N-OMPX Launch.log).
 */
async function launchChannel(name, want) {
  let text = '';
  for (let i = 0; i < 20; i++) {
    const files = [];
    const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('OMPX Launch.log')) files.push(p); } };
    walk(join(dirname(WS), 'user-data', 'logs'));
    files.sort((x, y) => statSync(y).mtimeMs - statSync(x).mtimeMs);
    text = files.length ? readFileSync(files[0], 'utf8') : '';
    const at = text.lastIndexOf(`▶ ${name}`);
    if (at >= 0) text = text.slice(at);
    if (want.test(text)) break;
    await page.waitForTimeout(300); // written a moment later
  }
  return text;
}

/**
 * What the output view shows with the panel maximized and scrolled to the end,
 * once it shows `want` (its lines, not in order: the view reuses its DOM nodes).
 */
async function outputView(want) {
  await palette('View: Toggle Maximized Panel').catch(() => undefined);
  await page.waitForTimeout(500);
  await page.locator('.part.panel .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  let shown = '';
  for (let i = 0; i < 20 && !want.test(shown); i++) {
    await page.waitForTimeout(300);
    shown = (await outputText()).replace(/\u00a0/g, ' ');
  }
  return shown;
}

async function restorePanel() {
  await palette('View: Toggle Maximized Panel').catch(() => undefined);
  await palette('View: Hide Panel').catch(() => undefined);
}

/** Waits until the file's ▶ Launch lens says (or no longer says) "via slurm": the settings are in effect. */
async function lensViaSlurm(want) {
  let title = '';
  for (let i = 0; i < 60; i++) {
    title = await lensRows().first().innerText().catch(() => '');
    if (title && /via slurm/.test(title) === want) return title.trim();
    await page.waitForTimeout(500);
  }
  throw new Error(`the lens is "${title}", want ${want ? '' : 'no '}"via slurm"`);
}

const slurmStage = join(WS, 'slurm-stage');
const slurmSettings = { 'ompx.launch.launcher': 'slurm', 'ompx.launch.slurm.stageDir': slurmStage, 'ompx.launch.device': 'host' };

await step('Slurm: launch runs on the node: srun stage, "running, job N", the program output, the result names the job', async () => {
  if (slurmSkip()) return { skip: slurmSkip() };
  if (!serverCommands.includes('ompx.compileAndLaunch')) return { skip: 'server lacks ompx.compileAndLaunch' };
  const restore = workspaceSettings(slurmSettings);
  try {
    await clearToasts();
    await openFile('launch_saxpy.hlfir.mlir');
    log(`lens: ${await lensViaSlurm(true)}`);
    const t0 = Date.now();
    await palette('OMPX: Compile and Launch');
    const progress = page.locator('.notifications-toasts .notification-toast', { hasText: 'via slurm' }).first();
    await progress.waitFor({ timeout: 60000 });
    const running = progress.getByText(/run: running, job \d+/).first();
    const result = page.locator('.notifications-toasts', { hasText: /exited with code|failed|timed out|cancelled/ }).first();
    // The progress notification shows the run's state while the job runs (the program is short: it may be done first).
    const first = await Promise.race([running.waitFor({ timeout: 240000 }).then(() => 'running'), result.waitFor({ timeout: 240000 }).then(() => 'result')]);
    if (first === 'running') log(`progress: ${(await running.innerText().catch(() => '(gone)')).replace(/\s+/g, ' ').slice(0, 200)} after ${Date.now() - t0} ms`);
    else log('progress: the result came before the notification showed "running"');
    await result.waitFor({ timeout: 240000 });
    const toast = (await page.locator('.notifications-toasts').innerText()).replace(/\s+/g, ' ');
    const out = await launchChannel('launch_saxpy.hlfir.mlir', /^■ /m);
    log(`OMPX Launch:\n${out}`);
    log(`toast: ${toast.slice(0, 200)}`);
    const job = /— run: running, job (\d+)/.exec(out)?.[1];
    // The end of it in the output view: the program's output and the result line.
    const resultLine = `■ ok (exit code 0) [Slurm job ${job}]`;
    const shown = await outputView({ test: (t) => t.includes(resultLine) });
    await shot('14-slurm-launch');
    await restorePanel();
    if (!job) throw new Error(`no "— run: running, job N" line in OMPX Launch:\n${out}`);
    if (!/ompx-launch-check sum=\s*5000\.0/.test(shown) || !shown.includes(resultLine)) throw new Error(`the output view shows:\n${shown}`);
    if (!/^▶ launch_saxpy\.hlfir\.mlir on host via slurm/.test(out)) throw new Error(`the launch line does not say slurm:\n${out}`);
    // The run stage, then srun's own account (ompx runs it with -v) and the job's state.
    if (!/^— run\n(?:.*\n)*?\[log\] srun: (?:.*\n)*?— run: running, job \d+$/m.test(out)) throw new Error(`no run stage with srun's lines before "running":\n${out}`);
    if (!/ompx-launch-check sum=\s*5000\.0/.test(out)) throw new Error(`no program output in OMPX Launch:\n${out}`);
    if (!new RegExp(`^■ ok \\(exit code 0\\) \\[Slurm job ${job}\\]`, 'm').test(out)) throw new Error(`the result line does not name Slurm job ${job}:\n${out}`);
    if (!new RegExp(`Program on host via slurm \\(Slurm job ${job}\\) exited with code 0`).test(toast)) throw new Error(`toast: ${toast}`);
  } finally {
    restore();
  }
  // Local again (later launches run here).
  await lensViaSlurm(false);
  await clearToasts();
});

await step('Slurm: queued while another job holds the GPUs, then cancelled from the notification: the job leaves the queue', async () => {
  if (slurmSkip()) return { skip: slurmSkip() };
  if (!serverCommands.includes('ompx.compileAndLaunch')) return { skip: 'server lacks ompx.compileAndLaunch' };
  // Both fake GPUs held: a launch asking for one waits (Resources).
  const holder = slurm('sbatch', ['--parsable', '--gres=gpu:2', '--job-name=ompx-e2e-holder', '--output=/dev/null', '--wrap', 'sleep 120']).split(';')[0];
  log(`holder: job ${holder}`);
  const restore = workspaceSettings({ ...slurmSettings, 'ompx.launch.slurm.gres': 'gpu:1' });
  try {
    for (let i = 0; i < 50 && slurm('squeue', ['-h', '-j', holder, '-o', '%T']) !== 'RUNNING'; i++) await page.waitForTimeout(200);
    await clearToasts();
    await openFile('launch_saxpy.hlfir.mlir');
    await lensViaSlurm(true);
    await page.waitForTimeout(500);
    const t0 = Date.now();
    await palette('OMPX: Compile and Launch');
    const progress = page.locator('.notifications-toasts .notification-toast', { hasText: 'via slurm' }).first();
    await progress.waitFor({ timeout: 60000 });
    // Compiling comes first; then srun says "queued, job N" and squeue the reason.
    const queuedAny = progress.getByText(/run: queued/).first();
    await queuedAny.waitFor({ timeout: 240000 });
    const tq = Date.now();
    const queued = progress.getByText(/run: queued \((Resources|Priority)\), job \d+/).first();
    await queued.waitFor({ timeout: 10000 });
    const text = (await progress.innerText()).replace(/\s+/g, ' ');
    const job = /job (\d+)/.exec(text)[1];
    log(`progress: ${text.slice(0, 200)} (queued ${tq - t0} ms after the start, reason ${Date.now() - tq} ms later)`);
    if (slurm('squeue', ['-h', '-j', job, '-o', '%T']) !== 'PENDING') throw new Error(`job ${job} is not PENDING`);
    await shot('15-slurm-queued');
    const cancel = progress.locator('.monaco-button', { hasText: 'Cancel' }).first();
    await cancel.click();
    const tc = Date.now();
    const result = page.locator('.notifications-toasts', { hasText: /cancelled|exited with code|failed|timed out/ }).first();
    await result.waitFor({ timeout: 30000 });
    const toast = (await page.locator('.notifications-toasts').innerText()).replace(/\s+/g, ' ');
    let ids = squeueIds();
    for (let i = 0; i < 25 && ids.includes(job); i++) { await page.waitForTimeout(200); ids = squeueIds(); }
    const gone = Date.now() - tc;
    const out = await launchChannel('launch_saxpy.hlfir.mlir', /^■ cancelled/m);
    log(`OMPX Launch:\n${out}`);
    const shown = await outputView({ test: (t) => t.includes(`■ cancelled [Slurm job ${job}]`) });
    await shot('16-slurm-cancelled');
    await restorePanel();
    log(`toast: ${toast.slice(0, 200)}; job ${job} gone from squeue ${gone} ms after Cancel: ${!ids.includes(job)}`);
    if (!toast.includes(`Launch on host via slurm (Slurm job ${job}) cancelled.`)) throw new Error(`toast: ${toast}`);
    if (!/^■ cancel requested/m.test(out) || !new RegExp(`^■ cancelled \\[Slurm job ${job}\\]`, 'm').test(out)) throw new Error(`OMPX Launch:\n${out}`);
    if (!shown.includes(`■ cancelled [Slurm job ${job}]`)) throw new Error(`the output view shows:\n${shown}`);
    if (ids.includes(job)) throw new Error(`job ${job} still in squeue 5 s after Cancel: ${slurm('squeue', ['-h'])}`);
    if (!ids.includes(holder)) throw new Error(`the holder ${holder} left the queue too`);
  } finally {
    restore();
    try { slurm('scancel', [holder]); } catch (e) { log(`scancel ${holder}: ${e}`); }
  }
  await lensViaSlurm(false);
  await clearToasts();
});

const commandRow = (text) => page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();

await step('OMPX: Show Pipeline: the passes of launch_saxpy, a snapshot read-only, compared with the previous pass', async () => {
  if (!serverCommands.includes('ompx.pipeline')) return { skip: 'server lacks ompx.pipeline' };
  await clearToasts();
  await openFile('launch_saxpy.hlfir.mlir');
  await palette('OMPX: Show Pipeline');
  const row = commandRow('convert-hlfir-to-fir');
  await row.waitFor({ timeout: 180000 });
  const title = await page.locator('.quick-input-widget .quick-input-title').first().innerText();
  log(`pipeline: ${title}`);
  if (!/snapshots of launch_saxpy\.hlfir\.mlir \(ok\)/.test(title)) throw new Error(`quick pick title: ${title}`);
  // The list shows the first rows only: the last pass is found by filtering.
  await page.waitForTimeout(800); // the quick pick fades in
  await shot('17-pipeline-passes');
  const filter = page.locator('.quick-input-widget input');
  await filter.fill('translate-to-llvm-ir');
  await commandRow('translate-to-llvm-ir').waitFor({ timeout: 10000 });
  await filter.fill('convert-hlfir-to-fir');
  await row.waitFor({ timeout: 10000 });
  await row.click();
  await page.locator('.tab.active', { hasText: 'convert-hlfir-to-fir.mlir' }).waitFor({ timeout: 30000 });
  await page.waitForTimeout(1000);
  // The snapshot opens beside the source: the active group's editor.
  const text = await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().innerText();
  if (!/fir\.declare/.test(text) || /hlfir\.declare/.test(text)) throw new Error(`snapshot text:\n${text.slice(0, 600)}`);
  // A snapshot is for reading: no ▶ Launch lens on it.
  if (await page.locator('.editor-group-container.active .codelens-decoration', { hasText: 'Launch' }).count())
    throw new Error('a ▶ Launch lens on the snapshot');
  await shot('18-pipeline-snapshot');
  await palette('OMPX: Compare with Previous Pass');
  const diff = page.locator('.tab.active', { hasText: /↔ .*convert-hlfir-to-fir\.mlir/ });
  await diff.waitFor({ timeout: 30000 });
  log(`diff: ${(await diff.innerText()).trim()}`);
  await page.waitForTimeout(1500);
  await shot('19-pipeline-diff');
  await palette('View: Close All Editors');
});

await step('OMPX: Show What Became of This Op: the omp.target of launch_saxpy down to its kernel', async () => {
  if (!serverCommands.includes('ompx.pipelineFollow')) return { skip: 'server lacks ompx.pipelineFollow' };
  await palette('View: Close All Editors');
  await openFile('launch_saxpy.hlfir.mlir');
  const lines = readFileSync(join(WS, 'launch_saxpy.hlfir.mlir'), 'utf8').split('\n');
  const line = lines.findIndex((l) => /^\s*omp\.target /.test(l)) + 1;
  if (!line) throw new Error('no omp.target in launch_saxpy.hlfir.mlir');
  await goTo(line, 5);
  await palette('OMPX: Show What Became of This Op');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'what became of' }).first().waitFor({ timeout: 180000 });
  const kernel = commandRow('__omp_offloading_');
  await kernel.waitFor({ timeout: 10000 });
  log(`op history: ${(await kernel.innerText()).replace(/\s+/g, ' ')}`);
  await page.waitForTimeout(800); // the quick pick fades in
  await shot('20-pipeline-op-history');
});

await step('recorded launch on host-offload: code lenses with the figures on omp.target and the maps; Show Hot Spots', async () => {
  if (!serverCommands.includes('ompx.profileHotSpots')) return { skip: 'server lacks ompx.profileHotSpots' };
  await clearToasts();
  const restore = workspaceSettings({ 'ompx.launch.profile': true, 'ompx.launch.device': 'host-offload' });
  try {
    await openFile('launch_saxpy.hlfir.mlir');
    // The workbench reads the settings file when its watcher fires.
    await page.waitForTimeout(5000);
    await palette('OMPX: Compile and Launch');
    const offload = page.locator('.quick-input-list .monaco-list-row', { hasText: 'host-offload' }).first();
    const done = page.locator('.notifications-toasts', { hasText: /exited with code|failed|timed out/ }).first();
    if (await Promise.race([offload.waitFor({ timeout: 60000 }).then(() => 'pick'),
      done.waitFor({ timeout: 60000 }).then(() => 'done')]) === 'pick') await offload.click();
    await done.waitFor({ timeout: 240000 });
    // Lenses are drawn on the lines in view.
    await goTo(readFileSync(join(WS, 'launch_saxpy.hlfir.mlir'), 'utf8').split('\n').findIndex((l) => /^\s*omp\.target /.test(l)) + 1, 5);
    const lens = page.locator('.editor-instance .monaco-editor .codelens-decoration', { hasText: /1 launch · [0-9.]+ (µs|ms) · 1×1 generic/ }).first();
    await lens.waitFor({ timeout: 30000 });
    const maps = page.locator('.editor-instance .monaco-editor .codelens-decoration', { hasText: /to: [0-9.]+ KiB in 1 copy/ });
    await maps.first().waitFor({ timeout: 10000 });
    log(`lenses: ${(await lens.innerText()).trim()} | ${(await maps.first().innerText()).trim()}`);
    await page.waitForTimeout(500);
    await shot('21-profile-lenses');
    await clearToasts();
    await palette('OMPX: Show Hot Spots of the Recorded Launches');
    const spot = commandRow('omp.target');
    await spot.waitFor({ timeout: 30000 });
    log(`hot spot: ${(await spot.innerText()).replace(/\s+/g, ' ')}`);
    await page.waitForTimeout(800); // the quick pick fades in
  await shot('22-profile-hot-spots');
    await page.keyboard.press('Escape');
  } finally {
    restore();
  }
});

await step('a server that keeps dying: the status item stays on crashed with Restart; the real server comes back', async () => {
  // Workspace setting: a server killed 3 s after each start. The client
  // restarts it 4 times, then gives up; the item must stay visible.
  const settingsPath = join(WS, '.vscode', 'settings.json');
  const read = () => { try { return JSON.parse(readFileSync(settingsPath, 'utf8')); } catch { return {}; } };
  const crashy = join(mkdtempSync(join(tmpdir(), 'ompx-crashy-')), 'ompx-lsp-crashy');
  writeFileSync(crashy, `#!/bin/sh\nexec timeout -s KILL 3 "${process.env.OMPX_LSP}" "$@"\n`, { mode: 0o755 });
  mkdirSync(join(WS, '.vscode'), { recursive: true });
  writeFileSync(settingsPath, JSON.stringify({ ...read(), 'ompx.server.path': crashy }, null, 2));
  await openFile('launch_saxpy.hlfir.mlir');
  let text = '';
  try {
    for (let i = 0; i < 90 && !/ompx-lsp: crashed/.test(text); i++) {
      await page.waitForTimeout(1000);
      if (i % 5 === 4) { text = await languageStatus().catch(() => ''); await page.mouse.move(700, 400); }
    }
    if (!/ompx-lsp: crashed/.test(text)) throw new Error(`language status: ${text}`);
    await page.waitForTimeout(5000); // no restart after giving up: still crashed
    text = await languageStatus();
    await shot('11-server-crashed');
    if (!/ompx-lsp: crashed/.test(text) || !/Restart/.test(text)) throw new Error(`language status: ${text}`);
    log(`language status: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
  } finally {
    const restored = read();
    delete restored['ompx.server.path'];
    writeFileSync(settingsPath, JSON.stringify(restored, null, 2)); // the setting change restarts the real server
  }
  await page.mouse.move(700, 400);
  for (let i = 0; i < 60 && !/ompx-lsp: ready/.test(text); i++) {
    await page.waitForTimeout(1000);
    if (i % 3 === 2) { text = await languageStatus().catch(() => ''); await page.mouse.move(700, 400); }
  }
  if (!/ompx-lsp: ready/.test(text)) throw new Error(`after restoring the server: ${text}`);
  await clearToasts();
});

/** The quick-fix menu (Ctrl+.) at the cursor: its rows' texts. */
async function quickFixMenu() {
  await page.keyboard.press('Control+.');
  const rows = page.locator('.action-widget .monaco-list-row');
  await rows.first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(300);
  return (await rows.allInnerTexts()).map((t) => t.trim());
}

/** Breaks line 53's omp.target into omp.targt (one letter less) and waits for the error squiggle. */
async function misspellTarget() {
  await goTo(53, 14); // before the last "t" of "omp.target"
  await page.keyboard.press('Backspace');
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60000 });
  await goTo(53, 8);
}

const viewLine = (re) => page.locator('.editor-instance .monaco-editor .view-line', { hasText: re }).first();

await step('code actions: "Did you mean `omp.target`?" fixes omp.targt; "Add expected-* diagnostic checks" adds the check line', async () => {
  if (!CAPS.codeActionProvider) return { skip: 'server lacks codeActionProvider' };
  await openFile(flang);
  await misspellTarget();
  let rows = await quickFixMenu();
  log(`quick fixes: ${rows.join(' | ')}`);
  await shot('08-code-actions');
  if (!rows.some((r) => r.includes('Did you mean `omp.target`?'))) throw new Error(`quick-fix menu: ${rows.join(' | ')}`);
  if (!rows.some((r) => r.includes('Add expected-* diagnostic checks'))) throw new Error(`quick-fix menu: ${rows.join(' | ')}`);
  await page.locator('.action-widget .monaco-list-row', { hasText: 'Did you mean `omp.target`?' }).first().click();
  await viewLine(/omp\.target\s+host_eval/).waitFor({ timeout: 10000 });
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached', timeout: 60000 });
  // Again, now for the check line -verify would expect.
  await misspellTarget();
  rows = await quickFixMenu();
  await page.locator('.action-widget .monaco-list-row', { hasText: 'Add expected-* diagnostic checks' }).first().click();
  const check = viewLine(/\/\/\s+expected-error\s+@below\s+\{\{.*omp\.targt/);
  await check.waitFor({ timeout: 10000 });
  log(`check line: ${(await check.innerText()).replace(/\u00a0/g, ' ').trim().slice(0, 160)}`);
  await shot('08-code-actions-expected');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  await viewLine(/omp\.target\s+host_eval/).waitFor({ timeout: 10000 });
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached', timeout: 60000 });
});

await step('semantic tokens: %arg3 of map_entries is a parameter with clauseBound, coloured by the server', async () => {
  if (!CAPS.semanticTokensProvider) return { skip: 'server lacks semanticTokensProvider' };
  // Not the flang file: a failed code-actions step may have left it broken.
  await openFile('launch_saxpy.hlfir.mlir');
  await goTo(39, 31); // %arg3 (map_entries) used inside omp.target
  let info = '';
  // Semantic tokens come after the first analysis; the widget shows what the editor has now.
  for (let i = 0; i < 20 && !/semantic token type\s*parameter/i.test(info); i++) {
    await palette('Developer: Inspect Editor Tokens and Scopes');
    const inspect = page.locator('.token-inspect-widget').first();
    await inspect.waitFor({ timeout: 20000 });
    info = (await inspect.innerText()).replace(/\u00a0/g, ' ');
    if (!/semantic token type\s*parameter/i.test(info)) { await page.keyboard.press('Escape'); await page.waitForTimeout(1000); }
  }
  log(`inspect: ${info.replace(/\s+/g, ' ').slice(0, 400)}`);
  await shot('09-semantic-tokens');
  await page.keyboard.press('Escape');
  if (!/semantic token type\s*parameter/i.test(info)) throw new Error(`no parameter token at %arg3: ${info.replace(/\s+/g, ' ').slice(0, 400)}`);
  if (!/modifiers\s*clauseBound/i.test(info)) throw new Error(`no clauseBound modifier at %arg3: ${info.replace(/\s+/g, ' ').slice(0, 400)}`);
  // Its colour rule is the one the extension maps parameter.clauseBound to (semanticTokenScopes).
  if (!/modifiers\s*clauseBound\s*foreground\s*variable\.parameter\.clause-bound\.mlir/i.test(info)) throw new Error(`the colour is not from the semantic token: ${info.replace(/\s+/g, ' ').slice(0, 400)}`);
});

/** Closes the find widget; the cursor goes just inside the first match (typing selected it). */
async function findDone() {
  await page.waitForTimeout(500);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
}

/** The cursor's line in the active editor, from the status bar's "Ln N, Col M". */
async function cursorLine() {
  const t = await page.locator('[id="status.editor.selection"]').first().innerText();
  const m = /Ln (\d+)/.exec(t);
  if (!m) throw new Error(`status bar selection: ${t}`);
  return Number(m[1]);
}

await step('Fortran → MLIR view: Show MLIR opens saxpy.hlfir.mlir beside, an op hovers "From `saxpy.f90:N`", Go to Fortran source goes to line N', async () => {
  if (!serverCommands.includes('ompx.emitMLIR')) return { skip: 'server lacks ompx.emitMLIR' };
  await palette('View: Hide Panel').catch(() => undefined); // the launch output, for the screenshot
  await openFile('saxpy.f90');
  await goTo(15, 3);
  await palette('OMPX: Show MLIR for this Fortran file');
  // Exactly that name: launch_saxpy.hlfir.mlir may be open too.
  const tab = (sel, name) => page.locator(`${sel}[data-resource-name="${name}"]`).first();
  await tab('.tab', 'saxpy.hlfir.mlir').waitFor({ timeout: 120000 });
  await page.waitForTimeout(500);
  const groups = await page.locator('.editor-group-container').count();
  if (groups !== 2) throw new Error(`${groups} editor groups, want the Fortran and its MLIR side by side`);
  await page.keyboard.press('Control+2'); // the MLIR's group
  await tab('.editor-group-container.active .tab.active', 'saxpy.hlfir.mlir').waitFor();
  // The first omp.target op of the MLIR.
  await page.keyboard.press('Control+F');
  await page.keyboard.type('omp.target ');
  await findDone();
  const hover = page.locator('.monaco-hover-content, .monaco-resizable-hover', { hasText: /From saxpy\.f90:\d+/ }).first();
  for (let i = 0; i < 20; i++) {
    await palette('Show or Focus Hover');
    try { await hover.waitFor({ state: 'visible', timeout: 3000 }); break; } catch { /* server may still be analyzing */ }
    await page.keyboard.press('Escape');
  }
  const text = await hover.innerText();
  const line = Number(/From saxpy\.f90:(\d+)/.exec(text)[1]);
  log(`hover: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
  // The hover's end (where "From" is) in view for the screenshot.
  await hover.getByText(/From saxpy\.f90:/).first().scrollIntoViewIfNeeded().catch(() => undefined);
  if (!await hover.isVisible()) { await palette('Show or Focus Hover'); await hover.waitFor({ state: 'visible', timeout: 5000 }); }
  await page.waitForTimeout(500);
  await shot('10-fortran-mlir-view');
  await page.keyboard.press('Escape');
  if (line !== 15) throw new Error(`omp.target comes from saxpy.f90:${line}, want the !$omp target line 15`);
  await goTo(1, 1); // elsewhere in the Fortran, so the jump must move the cursor
  await page.keyboard.press('Control+1');
  await goTo(1, 1);
  await page.keyboard.press('Control+2');
  await page.keyboard.press('Control+F');
  await page.keyboard.type('omp.target ');
  await findDone();
  await palette('OMPX: Go to Fortran source');
  await tab('.editor-group-container.active .tab.active', 'saxpy.f90').waitFor({ timeout: 20000 });
  let at = 0;
  for (let i = 0; i < 20 && at !== line; i++) { at = await cursorLine(); if (at !== line) await page.waitForTimeout(500); }
  await shot('10-fortran-goto-source');
  if (at !== line) throw new Error(`Go to Fortran source: cursor on line ${at} of saxpy.f90, want ${line}`);
});

await step('rename (F2) of a value renames its uses', async () => {
  if (!CAPS.renameProvider) return { skip: 'server lacks renameProvider' };
  await openFile('launch_saxpy.hlfir.mlir');
  await goTo(35, 2);
  await page.keyboard.press('Control+F');
  await page.keyboard.type('%16 = ');
  await findDone();
  await page.keyboard.press('F2');
  const box = page.locator('.rename-box input').first();
  await box.waitFor({ timeout: 20000 });
  await box.fill('%ymap');
  await page.keyboard.press('Enter');
  await viewLine(/%ymap\s+=\s+omp\.map\.info/).waitFor({ timeout: 20000 });
  await viewLine(/%ymap\s+->\s+%arg4/).waitFor({ timeout: 20000 });
  await shot('12-rename');
  await page.keyboard.press('Control+Z');
  await viewLine(/%16\s+=\s+omp\.map\.info/).waitFor({ timeout: 10000 });
});

await step('a server path with no executable: a short error toast with Open Settings and Show Output', async () => {
  const settingsPath = join(WS, '.vscode', 'settings.json');
  const read = () => { try { return JSON.parse(readFileSync(settingsPath, 'utf8')); } catch { return {}; } };
  mkdirSync(join(WS, '.vscode'), { recursive: true });
  await clearToasts();
  await openFile('launch_saxpy.hlfir.mlir');
  writeFileSync(settingsPath, JSON.stringify({ ...read(), 'ompx.server.path': '${workspaceFolder}/build/server/ompx-lsp' }, null, 2));
  try {
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'OMPX: no executable file at ompx.server.path' }).first();
    await toast.waitFor({ timeout: 60000 });
    await toast.locator('.monaco-button', { hasText: 'Open Settings' }).first().waitFor();
    await toast.locator('.monaco-button', { hasText: 'Show Output' }).first().waitFor();
    const message = (await toast.locator('.notification-list-item-message').innerText()).trim();
    log(`toast: ${message}`);
    await page.waitForTimeout(1000); // the toast slides in
    await shot('13-server-not-found');
    if (message.length > 120) throw new Error(`toast of ${message.length} characters: ${message}`);
  } finally {
    const restored = read();
    delete restored['ompx.server.path'];
    writeFileSync(settingsPath, JSON.stringify(restored, null, 2));
  }
});

await browser.close();
writeFileSync(join(OUT, 'report.json'), JSON.stringify(results, null, 2));
const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status === 'failed').length;
const skipped = results.filter((r) => r.status === 'skipped').length;
console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
