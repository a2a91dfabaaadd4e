// Loads syntaxes/mlir.tmLanguage.json with vscode-textmate + the oniguruma WASM
// build, as VS Code does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const onig = require('vscode-oniguruma');

export const grammarPath = fileURLToPath(new URL('../../../syntaxes/mlir.tmLanguage.json', import.meta.url));
export const languageConfigPath = fileURLToPath(new URL('../../../syntaxes/language-configuration.json', import.meta.url));

let loaded;
export async function loadGrammar() {
  if (loaded) return loaded;
  await onig.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (s) => new onig.OnigScanner(s),
      createOnigString: (s) => new onig.OnigString(s),
    }),
    loadGrammar: async () => vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath),
  });
  loaded = { grammar: await registry.loadGrammar('source.mlir'), INITIAL: vsctm.INITIAL };
  return loaded;
}

/** Tokenizes `text`; calls visit(lineNo, line, tokens, endState) per line. */
export async function tokenize(text, visit) {
  const { grammar, INITIAL } = await loadGrammar();
  let state = INITIAL;
  text.split('\n').forEach((line, i) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    visit?.(i + 1, line, r.tokens, state);
  });
}
