import type { Locale } from '@tsudoi/common';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A mail's text and HTML: its lines, the button of what to do (none: a notice), the footer. */
export function layout(
  lines: string[],
  action: { label: string; url: string } | null,
  footer: string,
): { text: string; html: string } {
  const text = [...lines, '', ...(action ? [`${action.label}: ${action.url}`, ''] : []), footer].join('\n');
  const button = action
    ? `<p style="margin:28px 0"><a href="${escape(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280;word-break:break-all">${escape(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:'Noto Sans JP','Hiragino Sans',system-ui,sans-serif;color:#1f2937;background:#f6f7fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#3730a3;margin:0 0 16px">Tsudoi</p>
${lines.map((l) => `<p style="line-height:1.7">${escape(l)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#6b7280">${escape(footer)}</p>
</div></body></html>`;
  return { text, html };
}

export const FOOTER: Record<Locale, string> = {
  ja: 'このメールに心当たりがない場合は、破棄してください。',
  en: 'If you did not expect this e-mail, you can ignore it.',
};

export function verificationMail(locale: Locale, name: string, url: string): MailContent {
  return locale === 'en'
    ? {
        subject: 'Confirm your e-mail address',
        ...layout(
          [`Hello ${name},`, 'Confirm your e-mail address to start using Tsudoi. The link is valid for 24 hours.'],
          { label: 'Confirm e-mail address', url },
          FOOTER.en,
        ),
      }
    : {
        subject: 'メールアドレスの確認',
        ...layout(
          [
            `${name} 様`,
            'Tsudoi をご利用いただくには、メールアドレスを確認してください。リンクの有効期限は 24 時間です。',
          ],
          { label: 'メールアドレスを確認する', url },
          FOOTER.ja,
        ),
      };
}

export function passwordResetMail(locale: Locale, name: string, url: string): MailContent {
  return locale === 'en'
    ? {
        subject: 'Reset your password',
        ...layout(
          [
            `Hello ${name},`,
            'We received a request to reset your password. The link is valid for 1 hour and works once.',
          ],
          { label: 'Reset password', url },
          FOOTER.en,
        ),
      }
    : {
        subject: 'パスワードの再設定',
        ...layout(
          [
            `${name} 様`,
            'パスワード再設定のリクエストを受け付けました。リンクの有効期限は 1 時間で、一度だけ使えます。',
          ],
          { label: 'パスワードを再設定する', url },
          FOOTER.ja,
        ),
      };
}

export function invitationMail(locale: Locale, inviter: string, company: string, url: string): MailContent {
  return locale === 'en'
    ? {
        subject: `${inviter} invited you to ${company} on Tsudoi`,
        ...layout(
          [
            `${inviter} invited you to join the team "${company}" on Tsudoi, the virtual office.`,
            'The invitation is valid for 7 days.',
          ],
          { label: 'Join the team', url },
          FOOTER.en,
        ),
      }
    : {
        subject: `${inviter} さんから ${company} への招待が届いています`,
        ...layout(
          [
            `${inviter} さんが、バーチャルオフィス Tsudoi のチーム「${company}」にあなたを招待しました。`,
            '招待の有効期限は 7 日間です。',
          ],
          { label: 'チームに参加する', url },
          FOOTER.ja,
        ),
      };
}
