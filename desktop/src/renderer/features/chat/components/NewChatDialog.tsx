import { avatarColour, type EmployeeRow } from '@tsudoi/common';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '@tsudoi/ui/controls';
import { joinRequested, peopleRequested, selectChat } from '../slice';
import { CloseIcon } from './chat-icons';
import '@tsudoi/ui/controls/dialog.css';

/** Picks a teammate to write to privately (chat:join scope private). */
export function NewChatDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { people } = useAppSelector(selectChat);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [query, setQuery] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dispatch(peopleRequested());
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, dispatch]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? people.items.filter((p) => `${p.name} ${p.email}`.toLowerCase().includes(q)) : people.items;
  }, [people.items, query]);
  const close = () => {
    setQuery('');
    onClose();
  };
  const pick = (person: EmployeeRow) => {
    dispatch(joinRequested({ scope: 'private', userId: person.id }));
    close();
  };

  return (
    <dialog
      ref={ref}
      className="dialog chat-new"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="dialog__body chat-new__body">
        <div className="chat-new__head">
          <h2 id={titleId} className="dialog__title">
            {intl.formatMessage({ id: 'chat.new.title' })}
          </h2>
          <button
            type="button"
            className="chat-icon-button"
            onClick={close}
            aria-label={intl.formatMessage({ id: 'common.notification.close' })}
          >
            <CloseIcon size={18} />
          </button>
        </div>
        <input
          className="chat-new__search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={intl.formatMessage({ id: 'chat.new.search' })}
          aria-label={intl.formatMessage({ id: 'chat.new.search' })}
          autoFocus
        />
        {people.loading ? (
          <div className="chat-new__state" role="status">
            <span className="button__spinner" aria-hidden="true" />
          </div>
        ) : people.error ? (
          <p className="chat-new__state" role="alert">
            {people.error}
          </p>
        ) : shown.length === 0 ? (
          <p className="chat-new__state">
            {intl.formatMessage({ id: people.items.length === 0 ? 'chat.new.empty' : 'chat.new.noMatch' })}
          </p>
        ) : (
          <ul className="chat-new__list">
            {shown.map((person) => (
              <li key={person.id}>
                <button type="button" className="chat-new__person" onClick={() => pick(person)}>
                  <Avatar
                    name={person.name}
                    imageUrl={person.avatarImageUrl}
                    color={person.avatarColor || avatarColour(person.name)}
                    size={36}
                  />
                  <span className="chat-new__who">
                    <span className="chat-new__name">{person.name}</span>
                    <span className="chat-new__email">{person.email}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}
