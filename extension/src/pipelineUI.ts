// VS Code commands of the pass explorer and the reducer:
//   OMPX: Show Pipeline                 (ompx.showPipeline) runs the saved file
//     through the build with a snapshot after every pass, lists the passes
//     (QuickPick, grouped by view; a button compares with the previous pass)
//     and opens the one picked as a read-only `ompx-pipeline:` document;
//   OMPX: Compare with Previous Pass    (ompx.comparePreviousPass) on a snapshot;
//   OMPX: Show What Became of This Op   (ompx.showOpHistory) from an op of the
//     source or of a snapshot (a kernel in LLVM IR too): the passes that changed
//     it, each opening its snapshot at what the op became, and its source line;
//   the server's "Reduce to a minimal reproducer" code action (ompx.reduce),
//     run here with progress and cancel (reduceWithProgress, from the client's
//     executeCommand middleware), opening STEM.reduced.mlir.
import * as vscode from 'vscode';
import { RpcPeer } from './launch';
import { isFortranPath } from './fortranView';
import {
  PIPELINE, PIPELINE_FOLLOW, PIPELINE_SCHEME, PipelineResult, ReduceRequest, allPasses, describeFailure, follow,
  followItems, isCancelled, lineOfStep, parseSnapshotUri, passItems, previousPass, reduce, runPipeline, snapshot,
} from './pipeline';

/** A running client that advertises `command` (extension.ts's clientFor). */
export type PeerFor = (command: string) => Promise<RpcPeer | undefined>;

/** Runs by id, and the last run of each source document. */
const runs = new Map<string, PipelineResult>();
const lastRun = new Map<string, string>();

function snapshotUri(run: string, name: string): vscode.Uri {
  return vscode.Uri.from({ scheme: PIPELINE_SCHEME, path: `/${run}/${name}` });
}

/** The snapshots' text, asked of the server when VS Code opens one. */
class SnapshotProvider implements vscode.TextDocumentContentProvider {
  constructor(private peerFor: PeerFor) {}
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const named = parseSnapshotUri(uri.toString());
    const peer = named && await this.peerFor(PIPELINE);
    if (!named || !peer) return '';
    try {
      return (await snapshot(peer, named.run, named.name)).text;
    } catch (e: any) {
      return `// ${e?.message ?? e}\n`;
    }
  }
}

function errorMessage(e: any): string {
  return String(e?.message ?? e);
}

async function openSnapshot(run: string, name: string, line = -1, column?: vscode.ViewColumn) {
  const doc = await vscode.workspace.openTextDocument(snapshotUri(run, name));
  // Its IR by the name's extension (.mlir: ompx's highlighting and hover).
  if (name.endsWith('.mlir') && doc.languageId !== 'mlir') await vscode.languages.setTextDocumentLanguage(doc, 'mlir');
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: column ?? vscode.ViewColumn.Beside, preview: true });
  if (line >= 0) {
    const at = new vscode.Position(line, 0);
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
  }
}

async function compare(run: string, name: string) {
  const r = runs.get(run);
  const pass = r && allPasses(r).find((p) => p.name === name);
  const prev = r && pass && previousPass(r, pass);
  if (!prev) {
    vscode.window.showInformationMessage(`OMPX: ${name} is the first snapshot of its run.`);
    return;
  }
  await vscode.commands.executeCommand('vscode.diff', snapshotUri(run, prev.name), snapshotUri(run, name),
    `${prev.name} ↔ ${name}`, { preview: true });
}

/** Runs the pipeline on the document's saved file, with progress and cancel. */
async function pipelineOf(peerFor: PeerFor, log: (m: string) => void, doc: vscode.TextDocument) {
  const peer = await peerFor(PIPELINE);
  if (!peer) return undefined;
  if (doc.isDirty) await doc.save();
  const device = vscode.workspace.getConfiguration('ompx', doc.uri).get<string>('launch.device', '') || undefined;
  const name = doc.uri.path.split('/').pop();
  try {
    const r = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `OMPX: pipeline of ${name}`, cancellable: true },
      (progress, token) => runPipeline(peer, { uri: doc.uri.toString(), device },
        (stage) => progress.report({ message: stage }), token));
    runs.set(r.run, r);
    lastRun.set(doc.uri.toString(), r.run);
    log(`pipeline ${name}: run ${r.run}, ${r.snapshots} snapshots, ${r.status}`);
    const failure = describeFailure(r);
    if (failure) vscode.window.showWarningMessage(`OMPX: ${name}: ${failure}`);
    return r;
  } catch (e: any) {
    if (isCancelled(e)) return undefined;
    log(errorMessage(e));
    vscode.window.showErrorMessage(`OMPX: ${errorMessage(e).split('\n').slice(0, 2).join(' ')}`, 'Show Output')
      .then((c) => { if (c) vscode.commands.executeCommand('ompx.showOutput'); });
    return undefined;
  }
}

const COMPARE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('diff'), tooltip: 'Compare with previous pass' };

async function pickPass(r: PipelineResult) {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { name?: string }>();
  const items: (vscode.QuickPickItem & { name?: string })[] = [];
  let view = '';
  for (const it of passItems(r)) {
    if (it.pass.view !== view) {
      view = it.pass.view;
      items.push({ label: view, kind: vscode.QuickPickItemKind.Separator });
    }
    items.push({
      label: `${it.pass.failed ? '$(error) ' : ''}${it.label}`, description: it.description, detail: it.detail,
      name: it.pass.name, buttons: [COMPARE],
    });
  }
  qp.items = items;
  qp.title = `OMPX: ${r.snapshots} snapshots of ${r.source.split('/').pop()} (${r.status})`;
  qp.placeholder = 'A pass opens its snapshot; the diff button compares it with the previous one';
  qp.matchOnDescription = true;
  qp.onDidTriggerItemButton((e) => { if (e.item.name) compare(r.run, e.item.name); });
  qp.onDidAccept(() => {
    const name = qp.selectedItems[0]?.name;
    qp.hide();
    if (name) openSnapshot(r.run, name);
  });
  qp.onDidHide(() => qp.dispose());
  qp.show();
}

async function showOpHistory(peerFor: PeerFor, log: (m: string) => void) {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const uri = editor.document.uri.toString();
  let run = parseSnapshotUri(uri)?.run ?? lastRun.get(uri);
  if (!run || !runs.has(run)) run = (await pipelineOf(peerFor, log, editor.document))?.run;
  const peer = run && await peerFor(PIPELINE_FOLLOW);
  if (!run || !peer) return;
  const p = editor.selection.active;
  let f;
  try {
    f = await follow(peer, run, uri, { line: p.line, character: p.character });
  } catch (e: any) {
    vscode.window.showErrorMessage(`OMPX: ${errorMessage(e)}`);
    return;
  }
  const items = followItems(f);
  if (!items.some((i) => i.step)) {
    vscode.window.showInformationMessage(`OMPX: no snapshot has an op located at ${f.target}.`);
    return;
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: `OMPX: what became of ${f.target}`, placeHolder: 'A pass opens its snapshot at the op', matchOnDetail: true,
  });
  if (!picked) return;
  if (!picked.step) {
    // Back to the source: from a kernel to its omp.target.
    const start = f.source!.range.start;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(f.source!.uri));
    const shownIn = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === doc.uri.toString());
    const target = await vscode.window.showTextDocument(doc, { viewColumn: shownIn?.viewColumn ?? vscode.ViewColumn.One });
    const at = new vscode.Position(start.line, start.character);
    target.selection = new vscode.Selection(at, at);
    target.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
    return;
  }
  const text = (await snapshot(peer, run, picked.step.name)).text;
  await openSnapshot(run, picked.step.name, lineOfStep(text, f.target, picked.step));
}

/** ompx.reduce (the code action's command) with progress, cancel, and the result opened. */
export async function reduceWithProgress(peer: RpcPeer, req: ReduceRequest, log: (m: string) => void) {
  const name = req.uri.split('/').pop();
  try {
    const r = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `OMPX: reducing ${name}`, cancellable: true },
      (progress, token) => reduce(peer, req, (m) => progress.report({ message: m }), token));
    log(`reduce ${name}: ${r.from} -> ${r.to} lines: ${r.path}`);
    for (const n of r.notes) log(`  ${n}`);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(r.uri));
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside });
    vscode.window.showInformationMessage(`OMPX: reduced ${name} from ${r.from} to ${r.to} lines: ${r.path.split('/').pop()}`);
    return r;
  } catch (e: any) {
    if (isCancelled(e)) return undefined;
    log(errorMessage(e));
    vscode.window.showErrorMessage(`OMPX: ${errorMessage(e).split('\n')[0]}`);
    return undefined;
  }
}

export function registerPipeline(context: vscode.ExtensionContext, peerFor: PeerFor, log: (m: string) => void) {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PIPELINE_SCHEME, new SnapshotProvider(peerFor)),
    vscode.commands.registerCommand('ompx.showPipeline', async (uri?: vscode.Uri) => {
      const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
      if (!doc || doc.uri.scheme !== 'file' || !(doc.languageId === 'mlir' || isFortranPath(doc.uri.fsPath))) {
        vscode.window.showErrorMessage('OMPX: Show Pipeline needs an MLIR or Fortran file.');
        return;
      }
      const r = await pipelineOf(peerFor, log, doc);
      if (r) await pickPass(r);
    }),
    vscode.commands.registerCommand('ompx.comparePreviousPass', async () => {
      const named = parseSnapshotUri(vscode.window.activeTextEditor?.document.uri.toString() ?? '');
      if (!named) {
        vscode.window.showInformationMessage('OMPX: open a snapshot of "OMPX: Show Pipeline" first.');
        return;
      }
      await compare(named.run, named.name);
    }),
    vscode.commands.registerCommand('ompx.showOpHistory', () => showOpHistory(peerFor, log)),
  );
}
