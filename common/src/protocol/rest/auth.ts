import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  EMPLOYEE_ROLES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_STATUSES,
} from '../../domain/accounts';
import { LOCALES } from '../../domain/locale';
import { displayNameSchema, mutationSchema } from './common';

const email = z
  .email()
  .max(254)
  .transform((v) => v.trim().toLowerCase());
const password = z.string().min(PASSWORD_MIN_LENGTH, 'passwordLength').max(PASSWORD_MAX_LENGTH, 'passwordLength');
const token = z.string().min(16).max(512);

export const signupSchema = z
  .object({
    name: displayNameSchema,
    email,
    password,
    passwordConfirmation: z.string(),
    agreeTerms: z.boolean(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'passwordMismatch',
  });
export type SignupBody = z.input<typeof signupSchema>;

export const loginSchema = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export const refreshSchema = z.object({ refreshToken: token });
export const tokenSchema = z.object({ token });
export const passwordResetSchema = z.object({ email });
export const newPasswordSchema = z
  .object({ token, password, passwordConfirmation: z.string().optional() })
  .refine((v) => v.passwordConfirmation === undefined || v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'passwordMismatch',
  });
export const socialLoginSchema = z.object({ ticket: token });
/** PUT /users/me/password: the current password proves it is the owner; every other sign-in then ends. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password,
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'passwordMismatch',
  });
export type PasswordChangeBody = z.input<typeof passwordChangeSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  status: z.enum(USER_STATUSES),
  verifiedAt: z.string().nullable(),
  avatarImageUrl: z.string().nullable(),
  avatarColor: z.string(),
  companyId: z.number().int().nullable(),
  employmentCompanyId: z.number().int().nullable(),
  employeeRole: z.enum(EMPLOYEE_ROLES).nullable(),
  country: z.string().nullable(),
  locale: z.enum(LOCALES),
  referralCode: z.string().nullable(),
  /** The spec's stored flag: the in-floor host tutorial was skipped or finished (not shown again on any device). */
  skipHostGuide: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const sessionSchema = z.object({ user: userSchema, token: tokenPairSchema });
export type Session = z.infer<typeof sessionSchema>;

/** GET /auth/me. */
export const meAnswerSchema = z.object({ data: userSchema });
/** POST /auth/signup (201): the new user, a message, and a session token pair. */
export const signupAnswerSchema = mutationSchema(userSchema).extend({ token: tokenPairSchema });
export type SignupAnswer = z.infer<typeof signupAnswerSchema>;
/** POST /tokens/verify and GET /tokens/resend: the user and a message. */
export const userMutationSchema = mutationSchema(userSchema);
export type UserMutation = z.infer<typeof userMutationSchema>;
/** POST /auth/logout, /passwords/reset, /passwords/new: a message only. */
export const messageAnswerSchema = mutationSchema(z.null());
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
/** POST /passwords/verify. */
export const resetTokenCheckSchema = z.object({ data: z.object({ valid: z.literal(true) }) });

/** GET /auth/providers: which social sign-in providers this server has credentials for (public, before sign-in). */
export const authProvidersSchema = z.object({ google: z.boolean(), facebook: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
