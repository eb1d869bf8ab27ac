import { FLOOR_GROUPS, type FloorGroup } from '@tsudoi/common';
import { useIntl } from 'react-intl';

/** The list groups of spec §4 as tabs; the panel is the list below (id floor-list-panel). */
export function FloorTabs({ group, onChange }: { group: FloorGroup; onChange(group: FloorGroup): void }) {
  const intl = useIntl();
  return (
    <div className="floor-tabs" role="tablist" aria-label={intl.formatMessage({ id: 'floors.list.groups' })}>
      {FLOOR_GROUPS.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          id={`floor-tab-${item}`}
          className="floor-tabs__tab"
          aria-selected={item === group}
          aria-controls="floor-list-panel"
          tabIndex={item === group ? 0 : -1}
          onClick={() => onChange(item)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = FLOOR_GROUPS[(FLOOR_GROUPS.indexOf(item) + step + FLOOR_GROUPS.length) % FLOOR_GROUPS.length]!;
            onChange(next);
            document.getElementById(`floor-tab-${next}`)?.focus();
          }}
        >
          {intl.formatMessage({ id: `floors.group.${item}` })}
        </button>
      ))}
    </div>
  );
}
