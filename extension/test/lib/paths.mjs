// Where the tests find the repository, the corpus and the server.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const extensionRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repoRoot = resolve(extensionRoot, '..');
export const examplesDir = join(repoRoot, 'examples');

/** ../shared/corpus beside the repository (CI layout), or $OMPX_CORPUS. */
export function corpusDir() {
  // The repository's copy (test/corpus/data) first: a fresh clone has it.
  for (const c of [process.env.OMPX_CORPUS, join(repoRoot, 'test', 'corpus', 'data'),
    join(repoRoot, '..', 'shared', 'corpus')])
    if (c && existsSync(c)) return c;
  return undefined;
}

/** $OMPX_LSP, else the repository's build/server/ompx-lsp. */
export function serverPath() {
  return process.env.OMPX_LSP || join(repoRoot, 'build', 'server', 'ompx-lsp');
}
