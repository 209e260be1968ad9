import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { errorMessage } from '../../pages/auth/useFormCall.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

/** An HTTP destination's signing secret, read from its own route when the dialog opens, with a copy button. */
function RevealSecret({ record, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let current = true;
    apiCall<{ data: { secret: string | null } }>(`/forwarding-destinations/${record!.id}/secret`).then(
      (answer) => current && setSecret(answer.data.secret ?? ''),
      (caught: unknown) => current && setError(errorMessage(caught, translate('auth.somethingWrong'))),
    );
    return () => {
      current = false;
    };
  }, [record, translate]);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '');
    setCopied(true);
  };
  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      onClick={(e) => e.stopPropagation()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="forwarding-secret-title"
    >
      <DialogTitle id="forwarding-secret-title">
        {translate('forwarding.secret.title', { name: record?.name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{translate('forwarding.secret.intro')}</Typography>
          {error ? (
            <Alert severity="error">{error}</Alert>
          ) : (
            <TextField
              value={secret ?? ''}
              label={translate('forwarding.secret.label')}
              placeholder={translate('forwarding.secret.loading')}
              fullWidth
              multiline
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { readOnly: true, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
              }}
              onFocus={(e) => e.target.select()}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()} disabled={!secret}>
          {translate(copied ? 'forwarding.secret.copied' : 'forwarding.secret.copy')}
        </Button>
        <Button variant="contained" onClick={() => onClose(false)}>
          {translate('forwarding.secret.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The forwarding screen's "Reveal secret": an HTTP destination's rows alone, to holders of reveal-forwarding-secret. */
export const forwardingActions: Record<string, ResourceAction> = {
  'reveal-forwarding-secret': { visible: (destination) => destination.kind === 'HTTP', Dialog: RevealSecret },
};
