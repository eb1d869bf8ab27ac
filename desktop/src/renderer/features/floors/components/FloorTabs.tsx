import { FLOOR_GROUPS, type FloorGroup, type FloorGroupCounts } from '@tsudoi/common';
import { useIntl } from 'react-intl';

/**
 * The list groups of spec §4 as tabs, each with how many floors it holds
 * (once known); the panel is the list below (id floor-list-panel). `group`
 * null: the list is still choosing its tab.
 */
export function FloorTabs({
  group,
  counts,
  onChange,
}: {
  group: FloorGroup | null;
  counts: FloorGroupCounts | null;
  onChange(group: FloorGroup): void;
}) {
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
          tabIndex={item === (group ?? FLOOR_GROUPS[0]) ? 0 : -1}
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
          {counts && (
            <span className={`floor-tabs__count${counts[item] === 0 ? ' floor-tabs__count--none' : ''}`}>
              {counts[item]}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
