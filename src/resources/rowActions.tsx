import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../pages/auth/useFormCall.tsx';

export interface RowActionProps {
  resource: ResourceDeclaration;
  onClose(): void;
}

/** set-user-password: a new password for the user; their sessions end. */
function SetUserPassword({ onClose }: RowActionProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const result = await apiCall(`/users/${record?.id}/password`, 'PUT', { password });
      notify(result.message, { type: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    }
  };
  return (
    <Dialog open onClose={onClose} onClick={(e) => e.stopPropagation()}>
      <form onSubmit={submit}>
        <DialogTitle>{translate('permissions.set-user-password')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus fullWidth type="password" margin="dense" label={translate('auth.newPassword')} value={password}
            onChange={(e) => setPassword(e.target.value)} error={Boolean(error)} helperText={error ?? translate('auth.passwordRule')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('list.cancel')}</Button>
          <Button type="submit" variant="contained">{translate('list.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** setting-organisation: the organisation's settings page. */
function OrganisationSettings() {
  const record = useRecordContext();
  return <Navigate to={`/management/settings/${record?.id}`} />;
}

/**
 * Extra row actions that the console can perform, by permission id. An action declared but not
 * listed here is not offered (device and vehicle actions arrive with the tracking work).
 */
export const rowActionHandlers: Record<string, React.ComponentType<RowActionProps>> = {
  'set-user-password': SetUserPassword,
  'setting-organisation': OrganisationSettings,
};
