import { z } from 'zod';

/**
 * Characters a name or a title shown to other people must not carry (issue 13
 * item 6): they are invisible or change how the text around them is shown, so
 * they let one person pass for another ("admin\u200B") or turn a name around
 * on screen (U+202E RIGHT-TO-LEFT OVERRIDE).
 *
 * - control characters (C0, DEL, C1: tab and line breaks included), line and
 *   paragraph separators;
 * - format characters (Unicode category Cf): the bidirectional embeddings,
 *   overrides and isolates (U+202A–202E, U+2066–2069), the direction marks
 *   (U+200E, U+200F, U+061C), zero-width space, non-joiner and joiner
 *   (U+200B–200D), word joiner (U+2060), the byte order mark (U+FEFF), soft
 *   hyphen, tag characters…;
 * - lone surrogates, and the Hangul fillers that draw as blank space
 *   (U+115F, U+1160, U+3164, U+FFA0).
 *
 * One exception: a zero-width joiner between two pictographs, which is how
 * emoji such as 👩‍💻 are written.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\uFE0E\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether `text` holds a character of UNSAFE (outside an emoji's joiner). */
export const hasUnsafeCharacters = (text: string): boolean => UNSAFE.test(text.replace(EMOJI_JOINER, ''));

export interface SafeTextOptions {
  /** At most this many characters (after normalising and trimming). */
  max: number;
  /** The validation message id when empty; omitted: the text may be empty. */
  required?: string;
  /** The validation message id when too long. */
  tooLong: string;
  /** The validation message id when the value is not a string (default: zod's, which the server reads as required or wrong type). */
  invalidType?: string;
}

/** Every schema made here: the protocol's coverage test (safe-text-coverage.spec.ts) knows them by it. */
const SAFE_SCHEMAS = new WeakSet<object>();

/** Whether a schema is one of this file's safe texts (or built on one: .optional(), .nullable(), a default). */
export const isSafeTextSchema = (schema: object): boolean => SAFE_SCHEMAS.has(schema);

/** The message id (under `validation.`) of a text with an UNSAFE character. */
export const UNSAFE_TEXT_MESSAGE = 'textUnsafeCharacters';

/**
 * The one schema of a display text (a person's or a team's name, a floor's
 * title): normalised to Unicode NFC (what is stored and compared), trimmed,
 * refused with `validation.textUnsafeCharacters` when it holds a character
 * of UNSAFE, then checked for length.
 */
export function safeDisplayText({ max, required, tooLong, invalidType }: SafeTextOptions) {
  const base = z
    .string(invalidType)
    .normalize('NFC')
    .trim()
    .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_MESSAGE);
  const schema = (required ? base.min(1, required) : base).max(max, tooLong);
  SAFE_SCHEMAS.add(schema);
  return schema;
}

/** Line breaks are the only control characters a multi-line text keeps (CR LF and CR read as LF). */
const LINE_BREAKS = /\r\n?|\n/g;

/**
 * The same rule for a text of several lines (a description, a chat message,
 * a question, an inquiry): line breaks are kept (as LF); every other
 * character of UNSAFE — tabs, bidirectional overrides, zero-width
 * characters — is refused as in a name.
 */
export function safeMultilineText({ max, required, tooLong, invalidType }: SafeTextOptions) {
  const base = z
    .string(invalidType)
    .normalize('NFC')
    .trim()
    .transform((text) => text.replace(LINE_BREAKS, '\n'))
    .pipe(
      z
        .string()
        .refine((text) => !hasUnsafeCharacters(text.replace(/\n/g, ' ')), UNSAFE_TEXT_MESSAGE)
        .refine((text) => !required || text.length > 0, required ?? 'required')
        .refine((text) => text.length <= max, tooLong),
    );
  SAFE_SCHEMAS.add(base);
  return base;
}
