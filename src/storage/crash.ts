import os from 'node:os';
import path from 'node:path';
import { fileStamp, realFs, writeFileAtomic, type FileSystem } from './files.js';

/** What a crash report holds. */
export interface CrashReport {
  /** The error (its stack when it has one). */
  readonly error: unknown;
  /** How it reached the safety net: an uncaught exception or an unhandled rejection. */
  readonly origin: string;
  /** The program's version. */
  readonly version: string;
  /** The last things the player did (keys, as escaped text), oldest first. */
  readonly lastActions: readonly string[];
  /** What became of the game (saved where, or why not). */
  readonly save: string;
}

/** The crash report's file name for a moment: crash-2026-11-29T13-04-05Z.txt. */
export const crashFileName = (now: Date): string => `crash-${fileStamp(now)}.txt`;

/** The text of a crash report. */
export function crashText(report: CrashReport, now: Date): string {
  const e = report.error;
  const stack = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : `a thrown value that is not an Error: ${String(e)}`;
  return [
    'yahtzee crash report',
    `time: ${now.toISOString()}`,
    `version: ${report.version}`,
    `node: ${process.version} on ${process.platform} ${process.arch}`,
    `origin: ${report.origin}`,
    `game: ${report.save}`,
    '',
    stack,
    '',
    `last actions (oldest first, ${report.lastActions.length}):`,
    ...report.lastActions.map((a) => `  ${a}`),
    '',
  ].join('\n');
}

/**
 * Writes a crash report into `dir` (the state folder), or into the system's temporary folder when that cannot be
 * written. Synchronous (it runs on the way out of a crashing process); returns the file written, or null. Never throws.
 */
export function writeCrashReport(dir: string, report: CrashReport, now: Date = new Date(), io: FileSystem = realFs): string | null {
  let text: string;
  try {
    text = crashText(report, now);
  } catch {
    text = `yahtzee crash report\nversion: ${report.version}\n(the error could not be described)\n`;
  }
  for (const folder of [dir, os.tmpdir()]) {
    const file = path.join(folder, crashFileName(now));
    if (writeFileAtomic(file, text, io).ok) return file;
  }
  return null;
}

/** The last `size` items pushed (the player's last actions, for a crash report). */
export class RecentActions {
  private readonly items: string[] = [];
  constructor(private readonly size = 50) {}

  /** Adds one action (a key read from the terminal, say), dropping the oldest beyond the size. */
  push(item: string): void {
    this.items.push(item);
    if (this.items.length > this.size) this.items.shift();
  }

  /** The actions kept, oldest first. */
  list(): string[] {
    return [...this.items];
  }
}
