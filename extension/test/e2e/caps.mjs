// Prints what the server advertises (initialize result), for the e2e to skip
// steps of features the server lacks: {"codeActionProvider": bool,
// "semanticTokensProvider": bool, "renameProvider": bool, "commands": [...]}. Env: OMPX_LSP.
import { Session } from '../lib/lsp.mjs';
const s = await Session.start();
const c = s.caps ?? {};
console.log(JSON.stringify({
  codeActionProvider: !!c.codeActionProvider,
  semanticTokensProvider: !!c.semanticTokensProvider,
  renameProvider: !!c.renameProvider,
  commands: c.executeCommandProvider?.commands ?? [],
}));
await s.stop();
