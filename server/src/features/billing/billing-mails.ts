import type { Locale } from '@tsudoi/common';
import { FOOTER, layout, type MailContent } from '../mail/templates';
import type { ContactInput } from '@tsudoi/common';

const day = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ja-JP', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(
    date,
  );

/** The trial's end, told at least a month ahead (spec §10). */
export function trialEndingMail(locale: Locale, name: string, team: string, endsAt: Date, url: string): MailContent {
  return locale === 'en'
    ? {
        subject: `Your Business trial ends on ${day('en', endsAt)}`,
        ...layout(
          [
            `Hello ${name},`,
            `The free Business trial of ${team} ends on ${day('en', endsAt)}.`,
            'After that the team goes back to the free Starter plan (up to 5 users; recording, AI transcript and timecard stop) unless you subscribe to Business. Contracts are monthly, renew automatically and are not refunded.',
          ],
          { label: 'Choose a plan', url },
          FOOTER.en,
        ),
      }
    : {
        subject: `ビジネスプランの無料トライアルは${day('ja', endsAt)}に終了します`,
        ...layout(
          [
            `${name} 様`,
            `${team} のビジネスプラン無料トライアルは${day('ja', endsAt)}に終了します。`,
            'ご契約がない場合、終了後は無料のスタータープラン(5名まで。録画・AI文字起こし・勤怠管理は停止)に戻ります。ご契約は1か月単位で自動更新され、返金はいたしません。',
          ],
          { label: 'プランを選ぶ', url },
          FOOTER.ja,
        ),
      };
}

/** A renewal payment failed: the card needs attention (the provider retries). */
export function paymentFailedMail(locale: Locale, name: string, team: string, url: string): MailContent {
  return locale === 'en'
    ? {
        subject: 'Your payment for Tsudoi Business failed',
        ...layout(
          [
            `Hello ${name},`,
            `We could not charge the card for ${team}'s Business plan. Please update your payment details.`,
          ],
          { label: 'Update payment details', url },
          FOOTER.en,
        ),
      }
    : {
        subject: 'Tsudoi ビジネスプランのお支払いができませんでした',
        ...layout(
          [`${name} 様`, `${team} のビジネスプランのお支払いができませんでした。お支払い情報をご確認ください。`],
          { label: 'お支払い情報を更新する', url },
          FOOTER.ja,
        ),
      };
}

/** What the sender of an inquiry gets back (issue 25 §15): it arrived, and what they wrote. */
export function inquiryAcknowledgementMail(inquiry: ContactInput, locale: Locale, siteUrl: string): MailContent {
  return locale === 'en'
    ? {
        subject: 'We received your inquiry',
        ...layout(
          [
            `Dear ${inquiry.name},`,
            'Thank you for contacting Tsudoi. We received your inquiry and will answer within two business days.',
            'What you sent:',
            inquiry.inquiry,
          ],
          { label: 'Tsudoi', url: siteUrl },
          FOOTER.en,
        ),
      }
    : {
        subject: 'お問い合わせを受け付けました',
        ...layout(
          [
            `${inquiry.name} 様`,
            'Tsudoi へのお問い合わせありがとうございます。内容を受け付けました。2営業日以内にご連絡いたします。',
            'お問い合わせ内容：',
            inquiry.inquiry,
          ],
          { label: 'Tsudoi', url: siteUrl },
          FOOTER.ja,
        ),
      };
}

/** The operator's copy of a contact form inquiry (its link: the inquiry in the admin console). */
export function inquiryMail(inquiry: ContactInput, locale: Locale, adminUrl: string): MailContent {
  const lines = [
    `New inquiry (${locale})`,
    `Name: ${inquiry.name}`,
    `Company: ${inquiry.company}`,
    `E-mail: ${inquiry.email}`,
    `Phone: ${inquiry.phone || '-'}`,
    '',
    inquiry.inquiry,
  ];
  return {
    subject: `[Tsudoi] Inquiry from ${inquiry.name} (${inquiry.company})`,
    ...layout(
      lines,
      { label: 'Open it in the admin console', url: adminUrl },
      'Sent by the contact form of the public site.',
    ),
  };
}
