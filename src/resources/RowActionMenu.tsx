import { useState } from 'react';
import { IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Confirm, useCanAccess, useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { hasView } from '../../providers/resourceAccess.ts';
import { resourceActions } from './actions/index.ts';
import { errorMessage } from '../pages/auth/useFormCall.tsx';

function ExtraAction({ resource, id, label, onDone }: { resource: ResourceDeclaration; id: string; label: string; onDone(): void }) {
  const { canAccess } = useCanAccess({ resource: resource.name, action: id });
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const action = resourceActions[id];
  if (!canAccess || !action || !record || (action.visible && !action.visible(record))) return null;
  const click = async () => {
    if (action.to) return navigate(action.to(record));
    if (!action.run) return setOpen(true);
    onDone();
    try {
      notify((await action.run(record)).message, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate('auth.somethingWrong')), { type: 'error' });
    }
  };
  const { Dialog } = action;
  return (
    <>
      <MenuItem onClick={click} disabled={action.enabled ? !action.enabled(record) : false}><ListItemText>{translate(label)}</ListItemText></MenuItem>
      {open && Dialog && <Dialog ids={[String(record.id)]} record={record} onClose={(done) => { setOpen(false); onDone(); if (done) refresh(); }} />}
    </>
  );
}

/** The per-row action menu: Edit, Delete (after the spec's confirmation) and the entity's extra actions. */
export function RowActionMenu({ resource }: { resource: ResourceDeclaration }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { canAccess: canEdit } = useCanAccess({ resource: resource.name, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: resource.name, action: 'delete' });
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const close = () => setAnchor(null);

  const confirmDelete = () => remove(resource.name, { id: record.id, previousData: record }, {
    mutationMode: 'pessimistic',
    onSuccess: () => {
      setConfirming(false);
      notify('list.deleted', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      setConfirming(false);
      notify((error as { body?: { message?: string } }).body?.message ?? 'ra.notification.http_error', { type: 'error' });
    },
  });

  return (
    <>
      <IconButton size="small" aria-label={translate('list.rowActions')} onClick={(e) => { e.stopPropagation(); setAnchor(e.currentTarget); }}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} onClick={(e) => e.stopPropagation()}>
        {canEdit && hasView(resource, 'edit') && (
          <MenuItem onClick={() => { close(); navigate(`${resource.path}/edit/${record.id}`); }}>{translate('list.edit')}</MenuItem>
        )}
        {canDelete && resource.permissions.delete && (
          <MenuItem onClick={() => { close(); setConfirming(true); }}>{translate('list.delete')}</MenuItem>
        )}
        {(resource.rowActions ?? []).map((action) => (
          <ExtraAction key={action.id} resource={resource} id={action.id} label={action.label} onDone={close} />
        ))}
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="list.deleteTitle"
        content="list.deleteNote"
        confirm="list.confirm"
        cancel="list.cancel"
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
