import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { readSession } from '../../../providers/session.ts';
import { E_SIM_PROVIDERS } from '../../../resources/entities/device.ts';
import {
  CLOSED_SIM_ORDER_STATUSES,
  SIM_DETAIL_INPUTS,
  SIM_OPERATORS,
  SIM_STATUS_CHOICES,
  type SimOrderStatus,
} from '../../../resources/entities/sim-activation.ts';
import { ActionDialog } from './ActionDialog.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

/** Change Status and Edit are for SUPER_ADMIN or the order's manufacturer, on orders still open (the server checks too). */
export function canChangeOrder(order: RaRecord): boolean {
  if (CLOSED_SIM_ORDER_STATUSES.includes(order.status as SimOrderStatus)) return false;
  const session = readSession();
  return session?.role.isSuperAdmin === true || session?.user.organisation?.id === order.manufacturerId;
}

type Details = Record<(typeof SIM_DETAIL_INPUTS)[number], string>;

function ChangeStatus({ record, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [status, setStatus] = useState('');
  const [edited, setEdited] = useState<Partial<Details>>({});
  // the device's current SIMs are the likely answer until the user types another
  const { data: device } = useGetOne('device', { id: record?.deviceId }, { enabled: Boolean(record?.deviceId) });
  const details = Object.fromEntries(
    SIM_DETAIL_INPUTS.map((k) => [k, edited[k] ?? (device?.[k] as string | undefined) ?? '']),
  ) as Details;

  const submit = async () => {
    if (!status) throw new Error(translate('sim.statusRequired'));
    if (status === 'DONE' && SIM_DETAIL_INPUTS.some((k) => !details[k].trim()))
      throw new Error(translate('sim.doneDetailsRequired'));
    await apiCall(`/sim-activation/${record!.id}`, 'PUT', status === 'DONE' ? { status, ...details } : { status });
    return {
      message: translate('sim.statusChanged', {
        status: translate(`sim.statuses.${status === 'DONE' ? 'COMPLETED' : status}`),
      }),
    };
  };
  const set = (key: keyof Details) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setEdited((d) => ({ ...d, [key]: event.target.value }));
  const select = (key: keyof Details, choices: readonly string[]) => (
    <TextField
      select
      fullWidth
      margin="dense"
      label={translate(`sim.dialog.${key}`)}
      value={details[key]}
      onChange={set(key)}
    >
      {choices.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <ActionDialog title="sim.changeStatus" onClose={onClose} onSubmit={submit}>
      <TextField
        select
        fullWidth
        margin="dense"
        required
        label={translate('sim.dialog.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
      >
        {SIM_STATUS_CHOICES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`sim.statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {status === 'DONE' && (
        <>
          <TextField
            fullWidth
            margin="dense"
            label={translate('sim.dialog.sim1')}
            value={details.sim1}
            onChange={set('sim1')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
          />
          {select('sim1_operator', SIM_OPERATORS)}
          <TextField
            fullWidth
            margin="dense"
            label={translate('sim.dialog.sim2')}
            value={details.sim2}
            onChange={set('sim2')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
          />
          {select('sim2_operator', SIM_OPERATORS)}
          {select('eSimProvider', E_SIM_PROVIDERS)}
        </>
      )}
    </ActionDialog>
  );
}

export const simActivationActions: Record<string, ResourceAction> = {
  'change-status-result-table': { Dialog: ChangeStatus, enabled: canChangeOrder },
  'edit-sim-activation-order': {
    to: (order) => `/sim-activation-order/edit/${order.deviceId}`,
    enabled: canChangeOrder,
  },
  // a device's row: raise an order for it on the order form
  'raise-sim-activation': {
    to: (device) => `/sim-activation-order/add?imei=${encodeURIComponent(String(device.imei))}`,
  },
};
