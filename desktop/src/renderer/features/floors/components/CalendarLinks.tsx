import type { FloorDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { buildIcs, googleCalendarUrl, outlookCalendarUrl, yahooCalendarUrl, type CalendarEvent } from '../calendar';
import { landingPath } from '../guest/live-self';
import { japanTime } from '../time';
import { CalendarIcon } from './floor-icons';

/**
 * The floor as a calendar entry; null for a floor without times. An
 * account-less guest's entry links to their own page (`appId`): without it
 * the link would ask them to sign in.
 */
export function floorEvent(floor: FloorDto, origin: string, appId: string | null = null): CalendarEvent | null {
  const start = japanTime(floor.startAt);
  const end = japanTime(floor.endAt);
  if (!start || !end) return null;
  return {
    uid: `floor-${floor.id}@${new URL(origin).host}`,
    title: floor.title,
    description: [floor.catchcopy, floor.catchphrase].filter(Boolean).join('\n'),
    url: `${origin}${landingPath(floor.id, appId)}`,
    start,
    end,
  };
}

/** Google, Outlook and Yahoo links and an .ics file made in the page (spec §2 calendar links). */
export function CalendarLinks({ event }: { event: CalendarEvent }) {
  const intl = useIntl();
  const links = [
    { name: 'Google', href: googleCalendarUrl(event) },
    { name: 'Outlook', href: outlookCalendarUrl(event) },
    { name: 'Yahoo!', href: yahooCalendarUrl(event) },
  ];

  function download() {
    const blob = new Blob([buildIcs(event, new Date())], { type: 'text/calendar;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `${event.uid.split('@')[0]}.ics`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section className="card calendar-links" aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="card__title calendar-links__title">
        <CalendarIcon />
        {intl.formatMessage({ id: 'floors.landing.calendar' })}
      </h2>
      <div className="calendar-links__list">
        {links.map((link) => (
          <a
            key={link.name}
            className="calendar-links__item"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {link.name}
          </a>
        ))}
        <button type="button" className="calendar-links__item" onClick={download}>
          {intl.formatMessage({ id: 'floors.landing.ics' })}
        </button>
      </div>
    </section>
  );
}
