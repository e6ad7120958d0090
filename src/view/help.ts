/** The instructions page on screen. */
import type { InstructionLine } from '../app/instructions.js';
import type { AppModel } from '../app/model.js';
import { modelInstructionPages } from '../app/pages.js';

/** The instructions page on screen: its lines, and which page of how many. */
export function helpView(model: AppModel): { lines: InstructionLine[]; page: number; pages: number } {
  const pages = modelInstructionPages(model);
  const page = Math.min(Math.max(0, model.overlayPage), pages.length - 1);
  return { lines: pages[page], page, pages: pages.length };
}
