import type { ContactInput, Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail/mailer';
import { inquiryMail } from './billing-mails';

/** Inquiries per address and window: a form is not a mail cannon. */
const WINDOW_MS = 10 * 60_000;
const PER_WINDOW = 5;

/** The public contact form (spec §5, calls spec §7.10 "contact: create"): stored, then mailed to the operator. */
export class ContactService {
  private readonly recent = new Map<string, number[]>();
  constructor(
    private readonly deps: {
      models: Models;
      mailer: Mailer;
      logger: Logger;
      clock: Clock;
      operatorEmail: string | undefined;
      publicUrl: () => string;
    },
  ) {}

  async create(input: ContactInput, locale: Locale, address: string): Promise<{ id: number }> {
    const now = this.deps.clock.now().getTime();
    const times = (this.recent.get(address) ?? []).filter((t) => now - t < WINDOW_MS);
    if (times.length >= PER_WINDOW)
      throw new AppError('RATE_LIMITED', { values: { retryAfterS: Math.ceil((times[0]! + WINDOW_MS - now) / 1000) } });
    this.recent.set(address, [...times, now]);
    if (this.recent.size > 10_000) this.recent.clear();

    const inquiry = await this.deps.models.ContactInquiry.create({ ...input, locale });
    const to = this.deps.operatorEmail;
    if (to) {
      try {
        await this.deps.mailer.send({ to, ...inquiryMail(input, locale, this.deps.publicUrl()) });
        await inquiry.update({ mailedAt: new Date() });
      } catch (err) {
        // stored: the operator still finds it; the sender is not told about our mail server
        this.deps.logger.error({ err, inquiry: inquiry.id }, 'inquiry mail not sent');
      }
    }
    return { id: inquiry.id };
  }
}
