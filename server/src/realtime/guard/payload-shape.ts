/**
 * Whether a socket payload stays within `depth` levels of nesting and `nodes`
 * values, walked without recursion (a payload of 100 000 nested arrays must
 * not exhaust the stack) and abandoned as soon as a limit is passed.
 */
export function withinShape(payload: unknown, limits: { depth: number; nodes: number }): boolean {
  const stack: [unknown, number][] = [[payload, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, level] = stack.pop()!;
    if (++nodes > limits.nodes) return false;
    if (value === null || typeof value !== 'object') continue;
    if (level >= limits.depth) return false;
    const children = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
    if (nodes + stack.length + children.length > limits.nodes) return false;
    for (const child of children) stack.push([child, level + 1]);
  }
  return true;
}
