// The grammar and language configuration live in ../syntaxes (shared with other
// editors); vsce only packs files under extension/, so copy them in before a build.
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '..', '..', 'syntaxes');
const dst = join(here, '..', 'syntaxes');
mkdirSync(dst, { recursive: true });
for (const f of ['mlir.tmLanguage.json', 'language-configuration.json'])
  cpSync(join(src, f), join(dst, f));
