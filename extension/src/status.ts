// What the "ompx-lsp" language status item shows (the {} item of the status
// bar for MLIR files): starting, ready, analysing, crashed (with Restart),
// not found, or off in Restricted Mode (with Manage Workspace Trust). Pure, so node --test checks every state; extension.ts applies
// the view to a vscode.LanguageStatusItem.

export type ServerState =
  | { kind: 'starting' }
  | { kind: 'ready'; version?: string; path?: string }
  /** Documents whose diagnostics have not come back since they were opened or edited. */
  | { kind: 'analysing'; pending: number }
  /** The server exited and the client gave up restarting it, or it failed to start. */
  | { kind: 'crashed'; why?: string }
  | { kind: 'notFound'; why: string }
  /** Stopped on purpose (restart in progress, extension shutting down). */
  | { kind: 'stopped' }
  /** Not started: the workspace is not trusted (Restricted Mode). */
  | { kind: 'untrusted' };

/** vscode.LanguageStatusSeverity values. */
export const enum Severity { Information = 0, Warning = 1, Error = 2 }

export interface StatusView {
  text: string;
  detail: string;
  severity: Severity;
  busy: boolean;
  command?: { title: string; command: string };
}

export const RESTART = 'ompx.restartServer';
export const SHOW_OUTPUT = 'ompx.showOutput';
/** VS Code's own command: the Workspace Trust editor. */
export const MANAGE_TRUST = 'workbench.trust.manage';

export function statusView(s: ServerState): StatusView {
  switch (s.kind) {
    case 'starting':
      return { text: 'ompx-lsp: starting', detail: 'Starting the language server', severity: Severity.Information, busy: true };
    case 'ready':
      return {
        text: 'ompx-lsp: ready',
        detail: [s.version && `version ${s.version}`, s.path].filter(Boolean).join(' — ') || 'Language server running',
        severity: Severity.Information, busy: false,
        command: { title: 'Show Output', command: SHOW_OUTPUT },
      };
    case 'analysing':
      return {
        text: 'ompx-lsp: analysing',
        detail: `Analysing ${s.pending} document${s.pending === 1 ? '' : 's'}`,
        severity: Severity.Information, busy: true,
        command: { title: 'Show Output', command: SHOW_OUTPUT },
      };
    case 'crashed':
      return {
        text: 'ompx-lsp: crashed',
        detail: s.why ? `The language server stopped: ${s.why}` : 'The language server stopped',
        severity: Severity.Error, busy: false,
        command: { title: 'Restart', command: RESTART },
      };
    case 'notFound':
      return { text: 'ompx-lsp: not found', detail: s.why, severity: Severity.Error, busy: false, command: { title: 'Show Output', command: SHOW_OUTPUT } };
    case 'stopped':
      return { text: 'ompx-lsp: stopped', detail: 'The language server is stopped', severity: Severity.Warning, busy: false, command: { title: 'Restart', command: RESTART } };
    case 'untrusted':
      return {
        text: 'ompx-lsp: off (Restricted Mode)',
        detail: 'The workspace is not trusted: highlighting only, no language server or launch (they run programs the workspace could name). Trust the workspace to start it.',
        severity: Severity.Warning, busy: false,
        command: { title: 'Manage Workspace Trust', command: MANAGE_TRUST },
      };
  }
}

/**
 * Documents sent to the server (open, change) whose diagnostics have not been
 * published since: the server publishes after each analysis, so a non-empty
 * set means it is busy. No server notification needed.
 */
export class PendingAnalyses {
  private pending = new Set<string>();
  sent(uri: string) { this.pending.add(uri); }
  published(uri: string) { this.pending.delete(uri); }
  closed(uri: string) { this.pending.delete(uri); }
  clear() { this.pending.clear(); }
  get count(): number { return this.pending.size; }
}

/** The state shown while the client runs: analysing when documents are pending. */
export function runningState(pending: number, version?: string, path?: string): ServerState {
  return pending > 0 ? { kind: 'analysing', pending } : { kind: 'ready', version, path };
}
