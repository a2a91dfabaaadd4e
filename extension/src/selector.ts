// Which documents the client gives ompx-lsp: MLIR (files, untitled buffers,
// bytecode shown as text, pass snapshots) always, and with `ompx.fortran.diagnostics` the
// Fortran files on disk too, which the server checks on open and on save
// (flang reads the saved file) and answers hovers on their directives.
// Pure, so the unit tests can check it without VS Code.

/** Every Fortran file name flang-22 takes, in both cases (globs are case-sensitive). */
export const FORTRAN_PATTERN =
  '**/*.{f,F,f77,F77,f90,F90,f95,F95,f03,F03,f08,F08,f18,F18,for,FOR,ftn,FTN,fpp,FPP}';

/** The two shapes used here of LSP's TextDocumentFilter (one field at least). */
export type DocumentFilter = { language: string; scheme: string } | { scheme: string; pattern: string };

export function documentSelector(fortran: boolean, bytecodeScheme: string, pipelineScheme?: string): DocumentFilter[] {
  const mlir: DocumentFilter[] = [
    { language: 'mlir', scheme: 'file' },
    { language: 'mlir', scheme: 'untitled' },
    { language: 'mlir', scheme: bytecodeScheme },
  ];
  // A pass snapshot (`ompx-pipeline:`): analyzed from its text, like an
  // untitled buffer; the server reads no path from its URI.
  if (pipelineScheme) mlir.push({ language: 'mlir', scheme: pipelineScheme });
  // By file name, whatever language another extension gives Fortran
  // (`fortran`, `FortranFreeForm`, ...) and with none installed.
  return fortran ? [...mlir, { scheme: 'file', pattern: FORTRAN_PATTERN }] : mlir;
}
