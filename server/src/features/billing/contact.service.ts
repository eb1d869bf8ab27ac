import type { ContactInput, Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail/mailer';
import { inquiryAcknowledgementMail, inquiryMail } from './billing-mails';

/** Inquiries per address and window: a form is not a mail cannon. */
const WINDOW_MS = 10 * 60_000;
const PER_WINDOW = 5;

/**
 * The public contact form (spec §5, calls spec §7.10 "contact: create";
 * issue 25 §15): stored with the status 'new' (the admin console lists it),
 * mailed to the operator when OPERATOR_EMAIL is set (with a link to it in
 * the console), and acknowledged to its sender in their language.
 */
export class ContactService {
  private readonly recent = new Map<string, number[]>();
  constructor(
    private readonly deps: {
      models: Models;
      mailer: Mailer;
      logger: Logger;
      clock: Clock;
      operatorEmail: string | undefined;
      /** The admin console's key: the operator's mail links to the inquiry there. */
      adminKey: string;
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
    const console = `${this.deps.publicUrl()}/admin/${this.deps.adminKey}/inquiries/${inquiry.id}`;
    if (to) {
      try {
        await this.deps.mailer.send({ to, ...inquiryMail(input, locale, console) });
        await inquiry.update({ mailedAt: new Date() });
      } catch (err) {
        // stored: the operator still finds it; the sender is not told about our mail server
        this.deps.logger.error({ err, inquiry: inquiry.id }, 'inquiry mail not sent');
      }
    }
    try {
      await this.deps.mailer.send({
        to: input.email,
        ...inquiryAcknowledgementMail(input, locale, this.deps.publicUrl()),
      });
      await inquiry.update({ acknowledgedAt: new Date() });
    } catch (err) {
      this.deps.logger.warn({ err, inquiry: inquiry.id }, 'inquiry acknowledgement not sent');
    }
    return { id: inquiry.id };
  }
}
