import { QA_QUESTION_MAX, type MessageId } from '@tsudoi/common';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { askRequested, hideRequested, markRequested, selectStage, voteRequested } from '../stage-slice';
import { AnsweredIcon, HideIcon, PinIcon, VoteIcon } from './stage-icons';
import './stage-qa.css';

/**
 * Ask, vote up or down (one vote, changeable), and for the host pin, mark answered and hide; pinned first,
 * answered last, then by score (spec §4 Q&A).
 */
export function QaPanel({ canHide }: { canHide: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { questions, votes } = useAppSelector(selectStage);
  const [text, setText] = useState('');
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    dispatch(askRequested(trimmed));
    setText('');
  };
  return (
    <div className="qa" role="tabpanel">
      <form className="qa__form" onSubmit={submit}>
        <label className="qa__label" htmlFor="qa-text">
          {t('stage.qa.askLabel')}
        </label>
        <textarea
          id="qa-text"
          className="qa__input"
          rows={2}
          maxLength={QA_QUESTION_MAX}
          placeholder={t('stage.qa.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
        />
        <Button type="submit" className="qa__ask" disabled={!text.trim()}>
          {t('stage.qa.ask')}
        </Button>
      </form>
      {questions.length === 0 ? (
        <p className="qa__empty">{t('stage.qa.empty')}</p>
      ) : (
        <ol className="qa__list" aria-label={t('stage.qa.title')}>
          {questions.map((q) => {
            const mine = votes[q.id] ?? 0;
            return (
              <li
                key={q.id}
                className={`qa__item${q.pinned ? ' qa__item--pinned' : ''}${q.answered ? ' qa__item--answered' : ''}`}
                data-question-id={q.id}
                data-score={q.score}
              >
                <div className="qa__votes">
                  <button
                    type="button"
                    className="qa__vote"
                    aria-pressed={mine === 1}
                    aria-label={t('stage.qa.up')}
                    title={t('stage.qa.up')}
                    onClick={() => dispatch(voteRequested({ id: q.id, up: true }))}
                  >
                    <VoteIcon up />
                  </button>
                  <span className="qa__score" aria-label={t('stage.qa.score', { score: q.score })}>
                    {q.score}
                  </span>
                  <button
                    type="button"
                    className="qa__vote"
                    aria-pressed={mine === -1}
                    aria-label={t('stage.qa.down')}
                    title={t('stage.qa.down')}
                    onClick={() => dispatch(voteRequested({ id: q.id, up: false }))}
                  >
                    <VoteIcon up={false} />
                  </button>
                </div>
                <div className="qa__body">
                  {(q.pinned || q.answered) && (
                    <p className="qa__marks">
                      {q.pinned && (
                        <span className="qa__mark qa__mark--pinned">
                          <PinIcon size={12} />
                          {t('stage.qa.pinned')}
                        </span>
                      )}
                      {q.answered && (
                        <span className="qa__mark qa__mark--answered">
                          <AnsweredIcon size={12} />
                          {t('stage.qa.answered')}
                        </span>
                      )}
                    </p>
                  )}
                  <p className="qa__text">{q.text}</p>
                  <p className="qa__author">{q.authorName}</p>
                </div>
                {canHide && (
                  <button
                    type="button"
                    className="qa__tool"
                    aria-pressed={q.pinned}
                    title={t(q.pinned ? 'stage.qa.unpin' : 'stage.qa.pin')}
                    aria-label={t(q.pinned ? 'stage.qa.unpin' : 'stage.qa.pin')}
                    onClick={() => dispatch(markRequested({ id: q.id, pinned: !q.pinned }))}
                  >
                    <PinIcon />
                  </button>
                )}
                {canHide && (
                  <button
                    type="button"
                    className="qa__tool"
                    aria-pressed={q.answered}
                    title={t(q.answered ? 'stage.qa.unanswer' : 'stage.qa.answer')}
                    aria-label={t(q.answered ? 'stage.qa.unanswer' : 'stage.qa.answer')}
                    onClick={() => dispatch(markRequested({ id: q.id, answered: !q.answered }))}
                  >
                    <AnsweredIcon />
                  </button>
                )}
                {canHide && (
                  <button
                    type="button"
                    className="qa__hide"
                    title={t('stage.qa.hide')}
                    aria-label={t('stage.qa.hide')}
                    onClick={() => dispatch(hideRequested(q.id))}
                  >
                    <HideIcon />
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
