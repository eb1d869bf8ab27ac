import { toJapanTime, type Locale } from '@tsudoi/common';
import { FOOTER, layout, type MailContent } from '../mail/templates';
import type { Floor } from './floor.model';

/** "2026-12-01T10:00:00+09:00" → "2026-12-01 10:00" (Japan time). */
const when = (date: Date) => toJapanTime(date).slice(0, 16).replace('T', ' ');

/** The floor invitation mail, in the recipient's language. */
export function floorInvitationMail(locale: Locale, inviter: string, floor: Floor, url: string): MailContent {
  const period = floor.startAt && floor.endAt ? `${when(floor.startAt)} – ${when(floor.endAt)}` : null;
  return locale === 'en'
    ? {
        subject: `${inviter} invited you to the floor "${floor.title}"`,
        ...layout(
          [
            `${inviter} invited you to the floor "${floor.title}" on Tsudoi, the virtual office.`,
            period ? `When: ${period} (Japan time)` : 'The floor is open at any time.',
          ],
          { label: 'Open the floor', url },
          FOOTER.en,
        ),
      }
    : {
        subject: `${inviter} さんからフロア「${floor.title}」への招待が届いています`,
        ...layout(
          [
            `${inviter} さんが、バーチャルオフィス Tsudoi のフロア「${floor.title}」にあなたを招待しました。`,
            period ? `日時: ${period}（日本時間）` : 'このフロアはいつでも利用できます。',
          ],
          { label: 'フロアを開く', url },
          FOOTER.ja,
        ),
      };
}
