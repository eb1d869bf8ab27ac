/**
 * The letters shown on an avatar without a picture: the first letters of the
 * first and last word for Latin names ("Taro Yamada" → "TY"), otherwise the
 * first character ("山田 太郎" → "山"). Never empty: "?" for a blank name.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const head = (word: string) => Array.from(word)[0] ?? '';
  const latin = /^[\p{Script=Latin}\d]/u;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (latin.test(first) && last && latin.test(last)) return (head(first) + head(last)).toUpperCase();
  return head(first).toUpperCase();
}
