/** Items as a list in words: "ANN", "ANN and BOB", "ANN, BOB and CY" (another word than "and" where given). */
export function listWords(items: readonly string[], conjunction = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** A count and its word, plural unless the count is 1: "1 game", "3 games" (`word` takes an s). */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
