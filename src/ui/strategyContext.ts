import { createContext } from 'react';
import type { StrategyTable } from '../solver/index.js';

/** The strategy table the app has for the game in play (for hints and the review), if it has it yet. */
export const StrategyContext = createContext<StrategyTable | undefined>(undefined);
