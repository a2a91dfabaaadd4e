// `.mlirbc` (MLIR bytecode) opened as text, as mlir-lsp-server's VS Code
// extension does: a custom editor for `*.mlirbc` reopens the file under the
// `ompx-mlirbc:` scheme, whose file system asks ompx-lsp for the text
// (`mlir/convertFromBytecode`) and, on save, for the bytecode of the edited
// text (`mlir/convertToBytecode`), written back to the original file. The
// server converts in a child process, so bad bytecode is an error message.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

export const BYTECODE_SCHEME = 'ompx-mlirbc';
export const BYTECODE_VIEW = 'ompx.bytecode';

/** The text view of a `.mlirbc` file, and back. */
export function textUri(file: vscode.Uri): vscode.Uri {
  return file.with({ scheme: BYTECODE_SCHEME });
}
export function fileUri(text: vscode.Uri): vscode.Uri {
  return text.with({ scheme: 'file' });
}

type ClientFn = () => LanguageClient | undefined;

class BytecodeFileSystem implements vscode.FileSystemProvider {
  private changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  constructor(private client: ClientFn) {}

  private ready(): LanguageClient {
    const c = this.client();
    if (!c) throw vscode.FileSystemError.Unavailable('OMPX: the language server is not running');
    return c;
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    try {
      const r = await this.ready().sendRequest<{ output: string }>('mlir/convertFromBytecode', { uri: fileUri(uri).toString() });
      return Buffer.from(r.output, 'utf8');
    } catch (e) {
      throw vscode.FileSystemError.Unavailable(`OMPX: cannot open ${fileUri(uri).fsPath} as text: ${(e as Error).message}`);
    }
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    // The text being saved goes with the request: the server converts exactly it.
    let r: { output: string };
    try {
      r = await this.ready().sendRequest<{ output: string }>('mlir/convertToBytecode', {
        uri: uri.toString(), text: Buffer.from(content).toString('utf8'),
      });
    } catch (e) {
      throw vscode.FileSystemError.NoPermissions(`OMPX: not saved as bytecode: ${(e as Error).message}`);
    }
    await vscode.workspace.fs.writeFile(fileUri(uri), Buffer.from(r.output, 'base64'));
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const s = await vscode.workspace.fs.stat(fileUri(uri));
    return { ...s, type: vscode.FileType.File };
  }

  watch(): vscode.Disposable { return new vscode.Disposable(() => undefined); }
  readDirectory(): [string, vscode.FileType][] { throw vscode.FileSystemError.NoPermissions(); }
  createDirectory(): void { throw vscode.FileSystemError.NoPermissions(); }
  delete(): void { throw vscode.FileSystemError.NoPermissions(); }
  rename(): void { throw vscode.FileSystemError.NoPermissions(); }
}

/** Opening a `.mlirbc` lands here and reopens it as text under ompx-mlirbc:. */
class ReopenAsText implements vscode.CustomReadonlyEditorProvider {
  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }
  async resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): Promise<void> {
    panel.dispose();
    await vscode.commands.executeCommand('vscode.openWith', textUri(document.uri), 'default');
  }
}

export function registerBytecode(context: vscode.ExtensionContext, client: ClientFn): void {
  context.subscriptions.push(
    vscode.workspace.registerFileSystemProvider(BYTECODE_SCHEME, new BytecodeFileSystem(client), { isCaseSensitive: true }),
    vscode.window.registerCustomEditorProvider(BYTECODE_VIEW, new ReopenAsText()),
    // Any MLIR text (a .mlir file too) saved as bytecode next to it.
    vscode.commands.registerCommand('ompx.saveAsBytecode', async () => {
      const doc = vscode.window.activeTextEditor?.document;
      const c = client();
      if (!doc || doc.languageId !== 'mlir' || !c) return;
      const target = await vscode.window.showSaveDialog({
        defaultUri: doc.uri.scheme === 'file' ? doc.uri.with({ path: doc.uri.path.replace(/\.mlir$/, '') + '.mlirbc' }) : undefined,
        filters: { 'MLIR bytecode': ['mlirbc'] },
      });
      if (!target) return;
      try {
        const r = await c.sendRequest<{ output: string }>('mlir/convertToBytecode', { uri: doc.uri.toString(), text: doc.getText() });
        await vscode.workspace.fs.writeFile(target, Buffer.from(r.output, 'base64'));
      } catch (e) {
        vscode.window.showErrorMessage(`OMPX: not saved as bytecode: ${(e as Error).message}`);
      }
    }),
  );
}
