// VS Code commands of the Fortran -> MLIR view:
//   OMPX: Show MLIR for this Fortran file  (ompx.showMLIR) runs flang-22 through
//     the server, opens STEM.hlfir.mlir beside the Fortran and re-runs on save;
//   OMPX: Go to Fortran source             (ompx.gotoFortran) from an op;
//   OMPX: Go to generated MLIR             (ompx.gotoMLIR) from a Fortran line.
import * as vscode from 'vscode';
import { RpcPeer } from './launch';
import {
  EMIT_MLIR, EmitKind, FORTRAN_LOCATION, MLIR_LOCATIONS, emitMLIR, fortranLocation, isFortranPath, mlirLocations,
  mlirPathFor,
} from './fortranView';

/** A running client that advertises `command` (extension.ts's clientFor). */
export type PeerFor = (command: string) => Promise<RpcPeer | undefined>;

/** Fortran file -> the MLIR file shown for it (emitted this session). */
const shown = new Map<string, vscode.Uri>();

function settings() {
  const c = vscode.workspace.getConfiguration('ompx');
  return { kind: c.get<EmitKind>('fortran.emitKind', 'hlfir'), device: c.get<string>('fortran.device', '') };
}

function toRange(r: { start: { line: number; character: number }; end: { line: number; character: number } }) {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

async function emit(peerFor: PeerFor, log: (m: string) => void, doc: vscode.TextDocument, reveal: boolean) {
  const peer = await peerFor(EMIT_MLIR);
  if (!peer) return;
  if (doc.isDirty) await doc.save();
  const { kind, device } = settings();
  try {
    const r = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `OMPX: flang-22 -emit-${kind}` },
      () => emitMLIR(peer, { uri: doc.uri.toString(), kind, device }));
    log(`emit: ${r.command.join(' ')} -> ${r.path}`);
    if (r.stderr) log(r.stderr.trimEnd());
    const mlir = vscode.Uri.parse(r.uri);
    shown.set(doc.uri.toString(), mlir);
    if (reveal) {
      const mdoc = await vscode.workspace.openTextDocument(mlir);
      await vscode.window.showTextDocument(mdoc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    }
  } catch (e: any) {
    const message: string = e?.message ?? String(e);
    log(message);
    // A newer emit of the same file (a save meanwhile) replaced this one.
    if (/^ompx-lsp emit: cancelled/.test(message)) return;
    vscode.window.showErrorMessage(`OMPX: ${message.split('\n')[0]}`, 'Show Output').then((c) => {
      if (c) vscode.commands.executeCommand('ompx.showOutput');
    });
  }
}

export function registerFortranView(context: vscode.ExtensionContext, peerFor: PeerFor, log: (m: string) => void) {
  context.subscriptions.push(
    vscode.commands.registerCommand('ompx.showMLIR', async (uri?: vscode.Uri) => {
      const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
      if (!doc || doc.uri.scheme !== 'file' || !isFortranPath(doc.uri.fsPath)) {
        vscode.window.showErrorMessage('OMPX: Show MLIR needs a saved Fortran file (.f90, .F90, .f, ...).');
        return;
      }
      await emit(peerFor, log, doc, true);
    }),
    vscode.commands.registerCommand('ompx.gotoFortran', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== 'mlir') return;
      const peer = await peerFor(FORTRAN_LOCATION);
      if (!peer) return;
      const p = editor.selection.active;
      const loc = await fortranLocation(peer, editor.document.uri.toString(), { line: p.line, character: p.character });
      if (!loc) {
        vscode.window.showInformationMessage('OMPX: this op has no Fortran location (loc(...)).');
        return;
      }
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(loc.uri));
      const shownIn = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === doc.uri.toString());
      const target = await vscode.window.showTextDocument(doc, { viewColumn: shownIn?.viewColumn ?? vscode.ViewColumn.Beside });
      const range = toRange(loc.range);
      target.selection = new vscode.Selection(range.start, range.start);
      target.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }),
    vscode.commands.registerCommand('ompx.gotoMLIR', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !isFortranPath(editor.document.uri.fsPath)) return;
      const peer = await peerFor(MLIR_LOCATIONS);
      if (!peer) return;
      const fortranUri = editor.document.uri.toString();
      const { kind, device } = settings();
      const mlirUri = shown.get(fortranUri) ?? vscode.Uri.file(mlirPathFor(editor.document.uri.fsPath, kind, !!device));
      let mdoc: vscode.TextDocument;
      try {
        mdoc = await vscode.workspace.openTextDocument(mlirUri);
      } catch {
        vscode.window.showInformationMessage(`OMPX: no ${mlirUri.fsPath} yet: run "OMPX: Show MLIR for this Fortran file".`);
        return;
      }
      const locs = await mlirLocations(peer, mdoc.uri.toString(), fortranUri, editor.selection.active.line);
      const shownIn = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === mdoc.uri.toString());
      const target = await vscode.window.showTextDocument(mdoc, { viewColumn: shownIn?.viewColumn ?? vscode.ViewColumn.Beside });
      if (!locs.length) {
        vscode.window.showInformationMessage(`OMPX: no op of ${mlirUri.fsPath} comes from line ${editor.selection.active.line + 1}.`);
        return;
      }
      // Every op from that line selected; the first revealed.
      target.selections = locs.map((l) => { const r = toRange(l.range); return new vscode.Selection(r.start, r.end); });
      target.revealRange(toRange(locs[0].range), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }),
    // Refresh on save: the server re-runs flang; VS Code reloads the file.
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (shown.has(doc.uri.toString())) emit(peerFor, log, doc, false);
    }),
  );
}
