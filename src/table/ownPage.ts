import { sameName } from '../engine/index.js';
import { instructionsPageAt, keyToAction, pressKey, type AppModel, type TermSize } from '../app/index.js';
import type { DecodedKey, LayoutId } from '../input/index.js';

/*
 * A page of one's own at a hosted table: the instructions or the review on one screen alone (a guest's, or the
 * host's on a guest's turn), read at that screen's pace and size while the host's game goes on.
 */

/**
 * A page opened on one screen alone, read at its own pace while the host's game goes on: a guest's review after a
 * game (their review key) or instructions on any turn (their help key); the host's instructions on a guest's turn.
 */
export interface OwnPage {
  readonly overlay: 'review' | 'help';
  readonly page: number;
}

/**
 * Whether a page of one's own may be on the screen: the review after a game (on the results, or over the host's own
 * review; not under the host's quit question); the instructions during the game.
 */
export function ownPageAllowed(model: AppModel, overlay: OwnPage['overlay']): boolean {
  if (overlay === 'help') return model.screen === 'game' && model.game !== null;
  return model.screen === 'game' && model.game?.phase === 'gameOver' && (model.overlay === null || model.overlay === 'review');
}

/** The page of one's own kept while the host's game still allows it (ownPageAllowed), else null: closed. */
export function keptOwnPage(model: AppModel | null, own: OwnPage | null): OwnPage | null {
  return own !== null && model !== null && ownPageAllowed(model, own.overlay) ? own : null;
}

/** Whether the host's game shows a page of its own (the instructions, the review), which guests see as a line. */
export function hostPage(model: AppModel): boolean {
  return model.overlay === 'help' || model.overlay === 'review';
}

/** What keys on a page of one's own do: open or turn it (`page`; null: closed), or why the game did not open it. */
export type PageKeys = { readonly kind: 'own'; readonly page: OwnPage | null } | { readonly kind: 'refused'; readonly text: string | null };

/**
 * Keys on a page of one's own (a guest's; the host's on a guest's turn): after a game the review key opens the review
 * on that screen alone, and during the game the help key opens the instructions so (the game is not sent the key:
 * the others keep the game on their screens, and the pages are laid out for this screen's size and keys). While it is
 * open the keys page through it as the game's pages do, then close it. Null when the keys are not for it.
 */
export function pageKeys(keys: readonly DecodedKey[], model: AppModel, open: OwnPage | null): PageKeys | null {
  if (open === null) {
    const review = ownPageAllowed(model, 'review');
    const help = ownPageAllowed(model, 'help');
    // Under the host's own instructions or review (shown to guests as a line), their keys open their own.
    const under = hostPage(model) ? { ...model, overlay: null } : model;
    const key = keys.find((k) => {
      const type = keyToAction(under, k.input, k.key).type;
      return (review && type === 'review') || (help && type === 'help');
    });
    if (key === undefined) return null;
    const opened = pressKey(under, key.input, key.key);
    if (opened.overlay === 'review' || opened.overlay === 'help') return { kind: 'own', page: { overlay: opened.overlay, page: opened.overlayPage } };
    // The review refused (only the computer played): the game's own words say why.
    return { kind: 'refused', text: opened.message?.text ?? null };
  }
  let m = model;
  for (const k of keys) {
    if (keyToAction(m, k.input, k.key).type === 'redraw') continue;
    m = pressKey(m, k.input, k.key);
    // Closed: the keys after it were typed on the game, which are not played.
    if (m.overlay !== open.overlay) return { kind: 'own', page: null };
  }
  return { kind: 'own', page: { overlay: open.overlay, page: m.overlayPage } };
}

/**
 * The game with a page of one's own over it: the instructions at its page; the review at its page, where a player who
 * played the game as a person sees their own block alone (AppModel.reviewSeat), a watcher every person's.
 */
export function ownPageModel(model: AppModel, seat: string | null, own: OwnPage): AppModel {
  if (own.overlay === 'help') return { ...model, overlay: 'help', overlayPage: own.page };
  const at = seat === null ? -1 : (model.game?.players.findIndex((p) => p.kind === 'human' && sameName(p.name, seat)) ?? -1);
  return { ...model, overlay: 'review', overlayPage: own.page, ...(at >= 0 ? { reviewSeat: at } : {}) };
}

/**
 * A guest's own page once their terminal has changed size: the instructions at the place they were reading, as the
 * game keeps its own (instructionsPageAt); the review at its page.
 */
export function ownPageResized(model: AppModel, own: OwnPage, layout: LayoutId, from: TermSize, to: TermSize): OwnPage {
  if (own.overlay !== 'help') return own;
  return { overlay: 'help', page: instructionsPageAt({ ...model, layout, reader: 'guest', size: from, overlay: 'help', overlayPage: own.page }, to) };
}
