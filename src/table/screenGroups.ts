import { PassThrough } from 'node:stream';
import { render } from 'ink';
import { createElement } from 'react';
import { DiffStdout, DIFF_MAX_FPS, type ScreenViewer } from '../terminal/index.js';
import { GuestScreen, hostLine, onlookerLine, type GuestLook } from './GuestScreen.js';
import type { Table } from './table.js';

/** Everything a guest's frame depends on: guests whose looks are equal see the same frames. */
export interface ScreenLook extends GuestLook {
  readonly columns: number;
  readonly rows: number;
}

/**
 * Guests who see the same frames: one Ink instance draws them once (none for the host's own screen, whose frames
 * they are then shown), and each guest's terminal is sent its changes.
 */
interface Group {
  readonly key: string;
  readonly screen: DiffStdout;
  readonly instance: { unmount: () => void } | null;
  readonly viewers: Set<ScreenViewer>;
}

/** A terminal that does not say its size is taken as 80x24, as the screen takes it. */
function keyOf(look: ScreenLook): string {
  return JSON.stringify([look.columns || 80, look.rows || 24, look.layout, look.color, look.seat, look.line, look.leaving, look.hint, look.chances, look.othersPage, look.othersHint, look.ownPage]);
}

/**
 * The guests' screens of a table, drawn once per look rather than once per guest: a key on the table then costs a
 * frame or two to draw however many watch it. A guest moves to another group when their look changes (a resize, a
 * line of their own); a group nobody sees any more is unmounted.
 */
export class ScreenGroups {
  private readonly groups = new Map<string, Group>();
  private readonly placed = new Map<ScreenViewer, { readonly group: Group; readonly stop: () => void; readonly look: ScreenLook }>();
  /** The host's own screen as a group, while the host's game draws through the cell differ. */
  private host: Group | null = null;
  /** The host's screen whose resizes are heard. */
  private heard: DiffStdout | null = null;

  /** The host's screen given the host's own line (hostLine). */
  private lined: DiffStdout | null = null;

  constructor(private readonly table: Table) {
    // The host's own line may change with the table where the host's frame does not (a note, another turn).
    table.subscribe(() => {
      const screen = table.hostScreen;
      if (!(screen instanceof DiffStdout)) return;
      if (this.lined !== screen) {
        this.lined = screen;
        screen.setOwnLastLine(hostLine(table));
      } else screen.refresh();
    });
  }

  /** How many frames each change of the table draws (the groups there are). */
  get size(): number {
    return this.groups.size;
  }

  /** Draws the table on `viewer` as `look` says: with the guests of the same look, or in a group of its own. */
  place(viewer: ScreenViewer, look: ScreenLook): void {
    const key = keyOf(look);
    const host = this.hostGroup();
    const target = host?.key === key ? host : this.groups.get(key);
    const now = this.placed.get(viewer);
    // An onlooker sees the same frames with a prompt line of their own over the last line (onlookerLine).
    const line = look.onlooker ? onlookerLine(this.table, look) : undefined;
    if (now !== undefined && (now.group === target || (target === undefined && now.group.key === key))) {
      if (now.look.onlooker !== look.onlooker) now.group.screen.setLastLine(viewer, line);
      // The table changed: an onlooker's line may change with it even where the frame does not.
      else if (look.onlooker) now.group.screen.refresh();
      this.placed.set(viewer, { ...now, look });
      return;
    }
    this.remove(viewer);
    const group = target ?? this.open(key, { ...look, onlooker: false });
    group.viewers.add(viewer);
    this.placed.set(viewer, { group, stop: group.screen.show(viewer, line), look });
  }

  /**
   * The host's screen as a group, when its frames are what a guest of its look would see: in the game, drawn by the
   * cell differ, with nothing of the host's own on it (the host's screen shows the table's one model as it is).
   */
  private hostGroup(): Group | null {
    const view = this.table.current;
    const screen = this.table.hostScreen;
    if (view.phase !== 'playing' || view.model === null || !(screen instanceof DiffStdout)) return null;
    // The host's own instructions and its quit question are for its terminal alone.
    if (this.table.hostOwnPage(view.model) !== null || view.model.overlay === 'confirm') return this.host === null ? null : this.leaveHost(null);
    const { layout, settings, hint, chances } = view.model;
    // While the game's keys are a guest's, the host's screen may be an onlooker's (Table.hostView).
    const others = this.table.hostOthers(view.model);
    const line = this.table.hostRefusal(view.model);
    const look: ScreenLook = { columns: screen.columns, rows: screen.rows, layout, color: settings.color, seat: null, line, leaving: false, hint, chances: chances === true, onlooker: false, ownPage: null, ...others };
    const key = keyOf(look);
    if (this.host?.screen === screen && this.host.key === key) return this.host;
    if (this.heard !== screen) {
      this.heard = screen;
      // The host's screen changes size before its game learns it: the guests it shows go to screens of their own size
      // before a frame of the new size reaches them (so before Ink hears of it).
      screen.prependListener('resize', () => this.leaveHost(null));
    }
    return this.leaveHost({ key, screen, instance: null, viewers: new Set() });
  }

  /** The host's screen is now `next`: the guests shown it before are placed anew (its size or look changed). */
  private leaveHost(next: Group | null): Group | null {
    const host = this.host;
    this.host = next;
    for (const viewer of [...(host?.viewers ?? [])]) {
      const now = this.placed.get(viewer);
      if (now === undefined) continue;
      now.stop();
      this.placed.delete(viewer);
      host?.viewers.delete(viewer);
      this.place(viewer, now.look);
    }
    return next;
  }

  /** Paints the whole screen again on `viewer` (Ctrl-L, or frames it missed). */
  redraw(viewer: ScreenViewer): void {
    this.placed.get(viewer)?.group.screen.redraw(viewer);
  }

  /** `viewer` sees the table no more. */
  remove(viewer: ScreenViewer): void {
    const now = this.placed.get(viewer);
    if (now === undefined) return;
    now.stop();
    this.placed.delete(viewer);
    now.group.viewers.delete(viewer);
    if (now.group.viewers.size === 0 && now.group.instance !== null) {
      this.groups.delete(now.group.key);
      now.group.instance.unmount();
    }
  }

  private open(key: string, look: ScreenLook): Group {
    // The screen is drawn only on its viewers; this stands in for a terminal of the look's size.
    const size = { columns: look.columns, rows: look.rows, write: () => true, on: () => undefined, off: () => undefined };
    const screen = new DiffStdout(size, { drawOnReal: false });
    const instance = render(createElement(GuestScreen, { table: this.table, look }), {
      stdout: screen as unknown as NodeJS.WriteStream,
      stdin: new PassThrough() as unknown as NodeJS.ReadStream,
      stderr: new PassThrough() as unknown as NodeJS.WriteStream,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: DIFF_MAX_FPS,
    });
    const group: Group = { key, screen, instance, viewers: new Set() };
    this.groups.set(key, group);
    return group;
  }
}
