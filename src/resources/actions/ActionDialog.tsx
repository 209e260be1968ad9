import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../pages/auth/useFormCall.tsx';

/** The frame of an action's dialog: title, fields, Cancel and a submit that shows the server's answer. */
export function ActionDialog({
  title,
  submitLabel = 'list.save',
  submitDisabled = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel?: string;
  /** Until what the dialog needs has loaded, or when it failed to: nothing to submit. */
  submitDisabled?: boolean;
  onSubmit(): Promise<{ message: string }>;
  onClose(done: boolean): void;
  children?: React.ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await onSubmit();
      notify(result.message, { type: 'success' });
      onClose(true);
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate(title)}</DialogTitle>
        <DialogContent>
          {children}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>{translate('list.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
