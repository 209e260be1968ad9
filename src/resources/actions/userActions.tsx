import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { apiCall } from '../../../providers/httpClient.ts';
import { ActionDialog } from './ActionDialog.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

function SetUserPassword({ ids, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  return (
    <ActionDialog
      title="permissions.set-user-password"
      onClose={onClose}
      onSubmit={() => apiCall(`/users/${ids[0]}/password`, 'PUT', { password })}
    >
      <TextField
        autoFocus
        fullWidth
        type="password"
        margin="dense"
        label={translate('auth.newPassword')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        helperText={translate('auth.passwordRule')}
      />
    </ActionDialog>
  );
}

function OrganisationSettings({ ids }: ActionDialogProps) {
  return <Navigate to={`/management/settings/${ids[0]}`} />;
}

export const userActions: Record<string, ResourceAction> = {
  'set-user-password': { Dialog: SetUserPassword },
  'setting-organisation': { Dialog: OrganisationSettings },
};
