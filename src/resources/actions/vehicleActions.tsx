import { useEffect, useState } from 'react';
import { Alert, Checkbox, FormControlLabel, FormGroup, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { errorMessage } from '../../pages/auth/useFormCall.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

/** The vehicle's geofences to tick: every geofence the caller sees, those assigned ticked; a list that fails to load says so. */
function AssignGeofence({ ids, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const {
    data: geofences = [],
    isPending,
    error: listError,
  } = useGetList(
    'geofence',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    // a failure is said at once, not after the retries
    { retry: false },
  );
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [assignedError, setAssignedError] = useState<unknown>(null);
  useEffect(() => {
    apiCall<{ id: string }[]>(`/vehicle/${ids[0]}/geofences`).then(
      (assigned) => setChosen(new Set(assigned.map((g) => g.id))),
      setAssignedError,
    );
  }, [ids]);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const loadError = listError ?? assignedError;
  return (
    <ActionDialog
      title="permissions.assign-geofence"
      onClose={onClose}
      submitDisabled={Boolean(loadError) || isPending || !chosen}
      onSubmit={() => apiCall(`/vehicle/${ids[0]}/geofences`, 'PUT', { geofenceIds: [...(chosen ?? [])] })}
    >
      {loadError ? (
        <Alert severity="error">
          {translate('actions.geofencesLoadFailed', {
            message: errorMessage(loadError, translate('auth.somethingWrong')),
          })}
        </Alert>
      ) : (
        !isPending &&
        geofences.length === 0 && <Typography color="text.secondary">{translate('actions.noGeofences')}</Typography>
      )}
      {!loadError && (
        <FormGroup>
          {geofences.map((g) => (
            <FormControlLabel
              key={g.id}
              label={`${g.name} (${g.type})`}
              control={
                <Checkbox
                  checked={Boolean(chosen?.has(String(g.id)))}
                  onChange={() => toggle(String(g.id))}
                  disabled={!chosen}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </ActionDialog>
  );
}

function SendMail({ ids, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  return (
    <ActionDialog
      title="permissions.send-mail-item"
      submitLabel="actions.send"
      onClose={onClose}
      onSubmit={() => apiCall(`/vehicle/${ids[0]}/send-mail`, 'POST', email ? { email } : {})}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        type="email"
        label={translate('resources.user.fields.email')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        helperText={translate('actions.mailOwner')}
      />
    </ActionDialog>
  );
}

export const vehicleActions: Record<string, ResourceAction> = {
  'activated-tracking': {
    visible: (r) => !r.isTrackingActivated,
    run: (r) => apiCall(`/vehicle/activate-tracking/${r.id}`, 'POST'),
  },
  'deActivated-tracking': {
    visible: (r) => Boolean(r.isTrackingActivated),
    run: (r) => apiCall(`/vehicle/deactivate-tracking/${r.id}`, 'POST'),
  },
  // its own permission id reads the geofences to pick and the vehicle's (geofence pickableBy, GET /vehicle/:id/geofences)
  'assign-geofence': { Dialog: AssignGeofence },
  'send-mail-item': { Dialog: SendMail },
};
