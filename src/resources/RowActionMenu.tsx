import { useState } from 'react';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Confirm, useDelete, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { resourceActions } from './actions/index.ts';
import { errorMessage } from '../pages/auth/useFormCall.tsx';

function ExtraAction({ record, id, label, onDone }: { record: RaRecord; id: string; label: string; onDone(): void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const navigate = useNavigate();
  const action = resourceActions[id]!;
  const perform = async () => {
    try {
      notify((await action.run!(record)).message, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate('auth.somethingWrong')), { type: 'error' });
    }
  };
  const click = () => {
    if (action.to) return navigate(action.to(record));
    if (action.href) {
      window.open(action.href(record), '_blank', 'noopener');
      return onDone();
    }
    if (!action.run) return setOpen(true);
    if (action.confirm) return setConfirming(true);
    onDone();
    void perform();
  };
  const confirmed = async () => {
    setRunning(true);
    await perform();
    setRunning(false);
    setConfirming(false);
    onDone();
  };
  const { Dialog, confirm } = action;
  const disabled = action.enabled ? !action.enabled(record) : false;
  return (
    <>
      {disabled && action.disabledHint ? (
        // a disabled item takes no pointer events: the tooltip listens on its wrapper
        <Tooltip title={translate(action.disabledHint(record))} placement="left"><span><MenuItem disabled><ListItemText>{translate(label)}</ListItemText></MenuItem></span></Tooltip>
      ) : (
        <MenuItem onClick={click} disabled={disabled}><ListItemText>{translate(label)}</ListItemText></MenuItem>
      )}
      {open && Dialog && <Dialog ids={[String(record.id)]} record={record} onClose={(done) => { setOpen(false); onDone(); if (done) refresh(); }} />}
      {confirm && (
        <Confirm isOpen={confirming} loading={running} title={confirm.title} content={confirm.message} translateOptions={confirm.values(record)}
          confirm={confirm.confirmLabel} cancel="list.cancel" onConfirm={() => void confirmed()} onClose={() => { setConfirming(false); onDone(); }} />
      )}
    </>
  );
}

/**
 * The per-row action menu: Edit, Delete (after the spec's confirmation) and the entity's extra actions,
 * of those the list found allowed; no button on a row none of them applies to.
 */
export function RowActionMenu({ resource, allowed }: { resource: ResourceDeclaration; allowed: readonly string[] }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const canEdit = allowed.includes('edit');
  const canDelete = allowed.includes('delete');
  const extras = (resource.rowActions ?? []).filter(({ id }) => {
    const action = resourceActions[id];
    return allowed.includes(id) && action && (!action.visible || action.visible(record));
  });
  if (!canEdit && !canDelete && extras.length === 0) return null;
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
      {/* opening leftwards from the button's right edge keeps the menu inside the window at the table's right */}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} onClick={(e) => e.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {canEdit && (
          <MenuItem onClick={() => { close(); navigate(`${resource.path}/edit/${record.id}`); }}>{translate('list.edit')}</MenuItem>
        )}
        {canDelete && (
          <MenuItem onClick={() => { close(); setConfirming(true); }}>{translate('list.delete')}</MenuItem>
        )}
        {extras.map((action) => <ExtraAction key={action.id} record={record} id={action.id} label={action.label} onDone={close} />)}
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
