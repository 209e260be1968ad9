import { useState } from 'react';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Confirm, useDelete, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { resourceActions } from './actions/index.ts';
import { resourcePath } from './paths.ts';
import { errorMessage } from '../pages/auth/useFormCall.tsx';

/** An extra action's entry in the row menu; choosing it hands it to the row (the menu closes first). */
function ExtraActionItem({
  record,
  id,
  label,
  onChoose,
}: {
  record: RaRecord;
  id: string;
  label: string;
  onChoose(id: string): void;
}) {
  const translate = useTranslate();
  const action = resourceActions[id]!;
  const disabled = action.enabled ? !action.enabled(record) : false;
  if (disabled && action.disabledHint) {
    // a disabled item takes no pointer events: the tooltip listens on its wrapper
    return (
      <Tooltip title={translate(action.disabledHint(record))} placement="left">
        <span>
          <MenuItem disabled>
            <ListItemText>{translate(label)}</ListItemText>
          </MenuItem>
        </span>
      </Tooltip>
    );
  }
  return (
    <MenuItem onClick={() => onChoose(id)} disabled={disabled}>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

/** A chosen action that asks first: its dialog, or its confirmation; drawn outside the menu, which has closed. */
function PendingAction({
  record,
  id,
  perform,
  onClose,
}: {
  record: RaRecord;
  id: string;
  perform(): Promise<void>;
  onClose(done: boolean): void;
}) {
  const [running, setRunning] = useState(false);
  const { Dialog, confirm } = resourceActions[id]!;
  const confirmed = async () => {
    setRunning(true);
    await perform();
    setRunning(false);
    onClose(false);
  };
  if (confirm) {
    return (
      <Confirm
        isOpen
        loading={running}
        title={confirm.title}
        content={confirm.message}
        translateOptions={confirm.values(record)}
        confirm={confirm.confirmLabel}
        cancel="list.cancel"
        onConfirm={() => void confirmed()}
        onClose={() => onClose(false)}
      />
    );
  }
  return Dialog ? <Dialog ids={[String(record.id)]} record={record} onClose={onClose} /> : null;
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
  // the extra action whose dialog or confirmation is open
  const [pending, setPending] = useState<string | null>(null);
  if (!record) return null;
  const canEdit = allowed.includes('edit');
  const canDelete = allowed.includes('delete');
  const extras = (resource.rowActions ?? []).filter(({ id }) => {
    const action = resourceActions[id];
    return allowed.includes(id) && action && (!action.visible || action.visible(record));
  });
  if (!canEdit && !canDelete && extras.length === 0) return null;
  const close = () => setAnchor(null);

  const perform = async (id: string) => {
    try {
      notify((await resourceActions[id]!.run!(record)).message, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate('auth.somethingWrong')), { type: 'error' });
    }
  };
  // the menu closes on every choice: a dialog or confirmation opens alone, not over it
  const choose = (id: string) => {
    const action = resourceActions[id]!;
    close();
    if (action.to) return navigate(action.to(record));
    if (action.href) return void window.open(action.href(record), '_blank', 'noopener');
    if (!action.run || action.confirm) return setPending(id);
    void perform(id);
  };

  const confirmDelete = () =>
    remove(
      resource.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify('list.deleted', { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setConfirming(false);
          notify((error as { body?: { message?: string } }).body?.message ?? 'ra.notification.http_error', {
            type: 'error',
          });
        },
      },
    );

  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('list.rowActions')}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {/* opening leftwards from the button's right edge keeps the menu inside the window at the table's right */}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        onClick={(e) => e.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {canEdit && (
          <MenuItem
            onClick={() => {
              close();
              navigate(resourcePath(resource, 'edit', record.id));
            }}
          >
            {translate('list.edit')}
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem
            onClick={() => {
              close();
              setConfirming(true);
            }}
          >
            {translate('list.delete')}
          </MenuItem>
        )}
        {extras.map((action) => (
          <ExtraActionItem key={action.id} record={record} id={action.id} label={action.label} onChoose={choose} />
        ))}
      </Menu>
      {pending && (
        // the dialog is a portal, yet its clicks bubble through the row: they must not open the row
        <span onClick={(e) => e.stopPropagation()}>
          <PendingAction
            record={record}
            id={pending}
            perform={() => perform(pending)}
            onClose={(done) => {
              setPending(null);
              if (done) refresh();
            }}
          />
        </span>
      )}
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
