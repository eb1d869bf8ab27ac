import { inviteEmailSchema } from '@tsudoi/common';

/** What is wrong with one row of the invitation form before anything is sent. */
export type RowProblem = 'email' | 'duplicate';

/**
 * Splits pasted text into addresses: commas, semicolons, spaces and line
 * breaks separate them, and "Name <a@b.jp>" gives a@b.jp. Order is kept.
 */
export function splitEmails(text: string): string[] {
  const unquoted = text.replace(/"[^"]*"/g, ' ');
  const unwrapped = unquoted.replace(/[^<>,;\n]*<([^<>]+)>/g, ' $1 ');
  return unwrapped
    .split(/[\s,;、，]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The list to send (blank rows dropped, trimmed, lower case) and, for each entry, the row it came from. */
export function toInviteList(rows: readonly string[]): { emails: string[]; rowOf: number[] } {
  const emails: string[] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    const email = row.trim().toLowerCase();
    if (!email) return;
    emails.push(email);
    rowOf.push(index);
  });
  return { emails, rowOf };
}

/** Client-side checks per row (spec §5): a valid address, and no address twice (the later row is marked). */
export function checkInviteRows(rows: readonly string[]): Record<number, RowProblem> {
  const problems: Record<number, RowProblem> = {};
  const seen = new Set<string>();
  const { emails, rowOf } = toInviteList(rows);
  emails.forEach((email, i) => {
    const row = rowOf[i]!;
    if (!inviteEmailSchema.safeParse(email).success) problems[row] = 'email';
    else if (seen.has(email)) problems[row] = 'duplicate';
    seen.add(email);
  });
  return problems;
}

/**
 * Places the server's field messages (`emails.<index>` of the list sent) on
 * the rows they came from. Other fields are ignored here (the toast shows them).
 */
export function serverRowErrors(fields: Readonly<Record<string, string>>, rowOf: readonly number[]) {
  const errors: Record<number, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^emails\.(\d+)$/.exec(field);
    const row = match ? rowOf[Number(match[1])] : undefined;
    if (row !== undefined) errors[row] = message;
  }
  return errors;
}
