import { useState } from 'react';
import { TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { RecordPicker } from './RecordPicker.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';
import type { RecordLike } from '../../../resources/display.ts';

type Option = RecordLike & { id: string };

function Allocate({ ids, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [organisation, setOrganisation] = useState<Option | null>(null);
  return (
    <ActionDialog
      title="permissions.allocate-device-bulk"
      onClose={onClose}
      onSubmit={() => apiCall('/device/allocate', 'PUT', { ids, organisationId: organisation?.id })}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('actions.devicesChosen', { smart_count: ids.length })}
      </Typography>
      <RecordPicker
        resource="organisation"
        label="actions.allocateTo"
        value={organisation}
        onChange={setOrganisation}
      />
    </ActionDialog>
  );
}

function Rollback({ ids, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  return (
    <ActionDialog
      title="permissions.rollback-device"
      submitLabel="permissions.rollback-device"
      onClose={onClose}
      onSubmit={() => apiCall('/device/rollback', 'PUT', { ids })}
    >
      <Typography>{translate('actions.rollbackNote', { smart_count: ids.length })}</Typography>
    </ActionDialog>
  );
}

function QueueCommand({
  ids,
  onClose,
  field,
  path,
  title,
}: ActionDialogProps & { field: string; path: string; title: string }) {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  return (
    <ActionDialog
      title={title}
      submitLabel="actions.queue"
      onClose={onClose}
      onSubmit={() => apiCall(`/device/${ids[0]}/${path}`, 'POST', { [field]: value })}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={translate(`actions.${field}`)}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        helperText={translate('actions.queuedNote')}
      />
    </ActionDialog>
  );
}

const SendCommand = (props: ActionDialogProps) => (
  <QueueCommand {...props} field="command" path="command" title="permissions.send-command" />
);
const UpdateFirmware = (props: ActionDialogProps) => (
  <QueueCommand {...props} field="firmwareVersion" path="firmware" title="permissions.update-firmware" />
);

function LinkVehicle({ ids, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const deviceId = ids[0]!;
  const { data: linked = [] } = useGetList<Option>('vehicle', {
    filter: { deviceId },
    pagination: { page: 1, perPage: 1 },
  });
  const current = linked[0];
  const [vehicle, setVehicle] = useState<Option | null>(null);
  if (current) {
    return (
      <ActionDialog
        title="permissions.link-unlink-device"
        submitLabel="actions.unlink"
        onClose={onClose}
        onSubmit={() => apiCall(`/vehicle/device/${current.id}/${deviceId}`, 'PUT', { action: 'unlink' })}
      >
        <Typography>
          {translate('actions.linkedTo', { vehicle: `${current.registrationNumber} (${current.name})` })}
        </Typography>
      </ActionDialog>
    );
  }
  return (
    <ActionDialog
      title="permissions.link-unlink-device"
      submitLabel="actions.link"
      onClose={onClose}
      onSubmit={() => apiCall(`/vehicle/device/${vehicle?.id}/${deviceId}`, 'PUT', { action: 'link' })}
    >
      <RecordPicker resource="vehicle" label="actions.vehicle" value={vehicle} onChange={setVehicle} />
    </ActionDialog>
  );
}

export const deviceActions: Record<string, ResourceAction> = {
  'send-command': { Dialog: SendCommand },
  'update-firmware': { Dialog: UpdateFirmware },
  'allocate-device-bulk': { Dialog: Allocate, bulk: true, visible: (r) => r.status !== 'INSTALLED' },
  'rollback-device': { Dialog: Rollback, bulk: true, visible: (r) => r.status === 'ALLOCATED' },
  'link-unlink-device': { Dialog: LinkVehicle },
};
