// "OMPX: Create a Driver for This Library": the server's code action of that
// name (offered on the `module` line of a module without a main program),
// applied without hunting for the light bulb, and the new driver opened. The
// launch UI can run it when a launch fails with "nothing to launch".
import * as vscode from 'vscode';
import type { LanguageClient, WorkspaceEdit } from 'vscode-languageclient/node';

export const CREATE_DRIVER = 'ompx.createDriver';

type CodeActionLike = { title: string; edit?: WorkspaceEdit };

export function registerCreateDriver(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): void {
  context.subscriptions.push(vscode.commands.registerCommand(CREATE_DRIVER, async (arg?: vscode.Uri | string) => {
    const uri = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg ?? vscode.window.activeTextEditor?.document.uri;
    const c = client();
    if (!uri || !c) return;
    const doc = await vscode.workspace.openTextDocument(uri);
    // The action is offered on the `module` line (or a procedure's).
    const line = Math.max(0, doc.getText().split('\n').findIndex((l) => /^\s*module\b/.test(l)));
    const actions = await c.sendRequest<CodeActionLike[] | null>('textDocument/codeAction', {
      textDocument: { uri: uri.toString() },
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      context: { diagnostics: [] },
    });
    const action = (actions ?? []).find((a) => a.title.startsWith('Create a driver'));
    if (!action?.edit) {
      vscode.window.showInformationMessage('OMPX: no driver to create here (the module has a main program, '
        + 'no procedure to call, or its STEM.driver.f90 exists already).');
      return;
    }
    const edit: vscode.WorkspaceEdit = await c.protocol2CodeConverter.asWorkspaceEdit(action.edit);
    if (!(await vscode.workspace.applyEdit(edit))) return;
    const created = edit.entries().map(([u]: [vscode.Uri, unknown]) => u).find((u: vscode.Uri) => u.path.endsWith('.driver.f90'));
    if (created) {
      const d = await vscode.workspace.openTextDocument(created);
      await d.save();
      await vscode.window.showTextDocument(d, vscode.ViewColumn.Beside);
    }
  }));
}
