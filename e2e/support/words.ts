/** Word accuracy of `heard` on one spoken `sentence`: 1 − (edit distance of the best-matching stretch) / length. */
export function wordAccuracy(sentence: string, heard: string): number {
  const s = sentence.toLowerCase().split(/\s+/).filter(Boolean);
  const h = heard
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  // semi-global alignment: the sentence anywhere inside what was heard (the file loops)
  let prev = Array.from({ length: h.length + 1 }, () => 0);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === h[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - Math.min(...prev) / s.length;
}
