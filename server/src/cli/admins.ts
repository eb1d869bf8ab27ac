import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tsudoi/common';
import type { Models } from '../db/models';
import { hashPassword } from '../features/auth/password';
import type { User } from '../features/users/user.model';

/** A problem the operator can fix; the CLI prints the message and exits 1 (no stack trace). */
export class CliError extends Error {
  override name = 'CliError';
}

export const newAdminSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('--email must be a valid e-mail address').max(254, '--email is too long')),
  name: z
    .string()
    .trim()
    .min(1, '--name is required')
    .max(NAME_MAX_LENGTH, `--name: at most ${NAME_MAX_LENGTH} characters`),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `the password needs ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `the password needs ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`),
});
export type NewAdmin = z.input<typeof newAdminSchema>;

/**
 * Creates a platform admin (type 'admin', verified, no company). Refuses an
 * e-mail that any account already uses, deleted ones included (e-mails are
 * unique across users and admins).
 */
export async function createAdmin(models: Models, input: NewAdmin): Promise<User> {
  const parsed = newAdminSchema.safeParse(input);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const { email, name, password } = parsed.data;
  if (await models.User.findOne({ where: { email }, paranoid: false }))
    throw new CliError(`An account with the e-mail ${email} already exists.`);
  return models.User.create({
    name,
    email,
    passwordHash: await hashPassword(password),
    type: 'admin',
    verifiedAt: new Date(),
  });
}
