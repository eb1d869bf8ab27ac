import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { CompanyUploadList, MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, TextField } from '@tsudoi/ui/controls';
import { changeRequested, fieldErrorsCleared, selectFileShare, type ShareChange } from '../slice';
import '@tsudoi/ui/controls/dialog.css';

/** What a dialog is open for: a new folder, or renaming / moving one item. */
export type ShareDraft =
  | { kind: 'newFolder'; parentId: number | null }
  | { kind: 'rename'; item: 'file' | 'folder'; id: number; name: string }
  | { kind: 'move'; item: 'file' | 'folder'; id: number; name: string; from: number | null };

/** Opens the native <dialog> while `open`, and closes the draft when a change was saved. */
function useDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const { saves } = useAppSelector(selectFileShare);
  const seen = useRef(saves);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      seen.current = saves;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, saves]);
  useEffect(() => {
    if (open && saves !== seen.current) onClose();
  }, [saves, open, onClose]);
  return ref;
}

/** The folders as an indented list, leaving out `skip` and everything inside it (a folder cannot go into itself). */
export function folderOptions(all: CompanyUploadList['allFolders'], skip: number | null) {
  const out: { id: number; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const f of all.filter((x) => x.parentId === parent)) {
      if (f.id === skip) continue;
      out.push({ id: f.id, label: `${'\u2003'.repeat(depth)}${f.name}` });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

interface Props {
  draft: ShareDraft | null;
  allFolders: CompanyUploadList['allFolders'];
  onClose(): void;
}

/** New folder, rename and move: the server's field messages show under the field; saved, the dialog closes. */
export function ShareDialog({ draft, allFolders, onClose }: Props) {
  const ref = useDialog(draft !== null, onClose);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog share-dialog"
      aria-labelledby={draft ? titleId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {draft && (
        <ShareForm
          key={JSON.stringify(draft)}
          draft={draft}
          allFolders={allFolders}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </dialog>
  );
}

/** The dialog's form, made afresh for each draft (its fields start from the draft). */
function ShareForm({ draft, allFolders, titleId, onClose }: Props & { draft: ShareDraft; titleId: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  const dispatch = useAppDispatch();
  const { saving, fieldErrors } = useAppSelector(selectFileShare);
  const [name, setName] = useState(draft.kind === 'rename' ? draft.name : '');
  const [target, setTarget] = useState(draft.kind === 'move' && draft.from !== null ? String(draft.from) : 'root');
  useEffect(() => {
    dispatch(fieldErrorsCleared());
  }, [dispatch]);
  const title =
    draft.kind === 'newFolder'
      ? t('fileShare.newFolder')
      : draft.kind === 'rename'
        ? t('fileShare.renameTitle', { name: draft.name })
        : t('fileShare.moveTitle', { name: draft.name });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    let change: ShareChange;
    if (draft.kind === 'newFolder') change = { kind: 'createFolder', name, parentId: draft.parentId };
    else if (draft.kind === 'rename')
      change =
        draft.item === 'file'
          ? { kind: 'renameFile', id: draft.id, name }
          : { kind: 'renameFolder', id: draft.id, name };
    else {
      const to = target === 'root' ? null : Number(target);
      change =
        draft.item === 'file'
          ? { kind: 'moveFile', id: draft.id, folderId: to }
          : { kind: 'moveFolder', id: draft.id, parentId: to };
    }
    dispatch(changeRequested(change));
  };
  const options = draft.kind === 'move' ? folderOptions(allFolders, draft.item === 'folder' ? draft.id : null) : [];
  const moveError = fieldErrors.folderId ?? fieldErrors.parentId;
  return (
    <form className="dialog__body form-stack" onSubmit={submit} noValidate>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {draft.kind === 'move' ? (
        <div className="field">
          <label className="field__label" htmlFor="share-move-target">
            {t('fileShare.moveTo')}
          </label>
          <select
            id="share-move-target"
            className="field__input share-dialog__select"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            aria-invalid={moveError ? true : undefined}
          >
            <option value="root">{t('fileShare.top')}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          {moveError && (
            <p className="field__error" role="alert">
              {moveError}
            </p>
          )}
        </div>
      ) : (
        <TextField
          id="share-name"
          label={t('fileShare.name')}
          value={name}
          maxLength={200}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          error={fieldErrors.name}
        />
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={saving}>
          {draft.kind === 'newFolder' ? t('fileShare.create') : t('common.save')}
        </Button>
      </div>
    </form>
  );
}
