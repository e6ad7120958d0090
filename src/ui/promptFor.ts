import { createContext, useContext } from 'react';
import type { AppAction, AppModel } from '../app/index.js';
import { promptItems, type PromptItem } from '../view/index.js';

/**
 * Whose screen this is at a hosted table (src/table/): which actions work for them now (the host runs the one game,
 * and most keys are one person's at a time), and a word before their keys (a watcher's). Without it (a game of one
 * terminal) every legal key works.
 */
export interface PromptFor {
  readonly allows: (model: AppModel, action: AppAction) => boolean;
  readonly lead?: string;
}

export const PromptForContext = createContext<PromptFor | null>(null);

/** The prompt line's keys for the person at this screen, and the word before them. */
export function usePrompt(model: AppModel): { readonly items: PromptItem[]; readonly lead: string | undefined } {
  const who = useContext(PromptForContext);
  return { items: promptItems(model, who?.allows), lead: who?.lead };
}
