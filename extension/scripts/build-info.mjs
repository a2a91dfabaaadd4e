// Records the repository this extension is built from in dist/build-info.json,
// so the packaged .vsix, once installed, still finds <repo>/build/server/ompx-lsp
// (src/serverPath.ts reads it). OMPX_BUILD_INFO_REPO overrides the path ('' records none).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const ext = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = process.env.OMPX_BUILD_INFO_REPO ?? resolve(ext, '..');
mkdirSync(join(ext, 'dist'), { recursive: true });
writeFileSync(join(ext, 'dist', 'build-info.json'), JSON.stringify({ repo }, null, 2) + '\n');
