// End-to-end test in a real VS Code (code-server in headless Chromium, driven
// by playwright-core). Started by scripts/e2e-code-server.sh, which installs
// code-server, installs the .vsix and starts code-server; this file only
// drives the page. Env: CS_URL, WS (workspace folder), OUT (screenshots,
// report), PLAYWRIGHT_DIR, CHROMIUM, OMPX_REQUIRE_FEATURES.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { chromium } = createRequire(join(process.env.PLAYWRIGHT_DIR, 'package.json'))('playwright-core');
const OUT = process.env.OUT;
const WS = process.env.WS;
mkdirSync(OUT, { recursive: true });
const results = [];
const log = (s) => console.log(`[e2e ${new Date().toISOString().slice(11, 19)}] ${s}`);

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

async function step(name, fn) {
  const t0 = Date.now();
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
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
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

const flang = 'omp_target_teams_dpd.hlfir.mlir';
await step('open flang corpus file: highlighting and ▶ Launch CodeLens', async () => {
  await openFile(flang);
  await page.locator('.monaco-editor .codelens-decoration', { hasText: 'Launch' }).first().waitFor({ timeout: 60000 });
  await goTo(5, 3); // func.func @_QPsaxpy_offload, with the lens above it
  await shot('01-flang-file-codelens');
});

await step('hover on the map_entries block argument %arg7', async () => {
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
    const label = (await rows.nth(i).locator('.label-name').innerText()).trim();
    if (/^host$/.test(label.replace(/^\W+/, ''))) { await rows.nth(i).click(); break; }
  }
  await page.locator('.notifications-toasts', { hasText: /exited with code|failed|timed out/ }).first().waitFor({ timeout: 240000 });
  // The output view renders spaces as U+00A0.
  const out = (await outputText()).replace(/\u00a0/g, ' ');
  await shot('05-launch-result');
  if (!/ompx-launch-check sum=\s*5000\.0/.test(out)) throw new Error(`OMPX Launch output:\n${out}`);
  if (!/exited with code 0/.test(await page.locator('.notifications-toasts').innerText())) throw new Error('no success notification');
});

await browser.close();
writeFileSync(join(OUT, 'report.json'), JSON.stringify(results, null, 2));
const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status === 'failed').length;
const skipped = results.filter((r) => r.status === 'skipped').length;
console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
