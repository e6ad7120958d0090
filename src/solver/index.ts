/** The exact optimal-strategy solver: tables, advice, computer players, review and simulation. */
export { bestOption, rankOptions, type KeepOption, type RankedOption, type RollsLeft, type ScoreOption } from './advice.js';
export { cacheDir, cacheFile, type CacheMiss } from './cache.js';
export { forgetTables, getCachedTable, loadOrSolve, loadOrSolveReport, solveSubgame, type LoadOptions, type LoadReport } from './load.js';
export { defaultThreads, simulateParallel, solveParallel, type ProgressListener, type SimulationRequest } from './parallel.js';
export { actionsFor, casualMove, positionOf, type Decision, type MoveChoice, type Position } from './moves.js';
export { STRONG_NOISE, chooseMove } from './policy.js';
export { reviewDecisions, totalLoss, type Choice, type DecisionRecord, type ReviewedDecision } from './review.js';
export { gameSeed, playGame, type GameOutcome, type HistogramBin, type SimulationSummary } from './simulate.js';
export { covers } from './state.js';
export { turnStartValue, type StrategyTable } from './table.js';
export { finalDistributions, forgetDistributions, loadDistributions, type DistributionReport } from './distributionSolve.js';
export { finalDistribution, type DistributionTable } from './distributionTable.js';
export { winChances, type WinChances } from './odds.js';
export { summarizeDistribution, type DistributionSummary } from './scoreStats.js';
export { playDuel, type DuelRecord, type DuelStrategy } from './duel.js';
export { WIN_EXACT_OPEN, WinSolver, winDecision, winUtility } from './winPlay.js';
export { stateOfCard } from './state.js';
export { cardPoints } from './distributionTable.js';
