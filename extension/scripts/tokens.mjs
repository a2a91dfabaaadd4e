// Debug helper: print the TextMate scopes of each token of a file (or stdin).
//   node scripts/tokens.mjs FILE [FIRST_LINE [LAST_LINE]]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');
const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
await oniguruma.loadWASM(wasm);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (s) => new oniguruma.OnigScanner(s),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async () => vsctm.parseRawGrammar(
    readFileSync(new URL('../../syntaxes/mlir.tmLanguage.json', import.meta.url), 'utf8'), 'mlir.tmLanguage.json'),
});
const grammar = await registry.loadGrammar('source.mlir');
const lines = readFileSync(process.argv[2] ?? 0, 'utf8').split('\n');
const first = Number(process.argv[3] ?? 1), last = Number(process.argv[4] ?? lines.length);
let state = vsctm.INITIAL;
lines.forEach((line, i) => {
  const r = grammar.tokenizeLine(line, state);
  state = r.ruleStack;
  if (i + 1 < first || i + 1 > last) return;
  console.log(`${i + 1}: ${line}`);
  for (const t of r.tokens) {
    const text = line.slice(t.startIndex, t.endIndex);
    if (text.trim()) console.log(`   ${JSON.stringify(text)}  ${t.scopes.slice(1).join(' ')}`);
  }
});
