import { useEffect, useState } from 'react';
import { Alert, Dialog, DialogContent } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { errorMessage } from '../../pages/auth/useFormCall.tsx';
import { ShownOnceDialog } from '../ShownOnceDialog.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

/** Reveal the signing secret: the server answers it whole to holders of reveal-webhook-endpoint-secret. */
function RevealSecret({ record, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    apiCall<{ data: { secret: string } }>(`/webhook-endpoints/${record!.id}/secret`)
      .then((answer) => setSecret(answer.data.secret))
      .catch((e) => setError(errorMessage(e, translate('auth.somethingWrong'))));
  }, [record, translate]);
  if (error)
    return (
      <Dialog open onClose={() => onClose(false)}>
        <DialogContent>
          <Alert severity="error">{error}</Alert>
        </DialogContent>
      </Dialog>
    );
  if (!secret) return null;
  return (
    <ShownOnceDialog
      title="webhooks.secretTitle"
      message="webhooks.secretRevealed"
      value={secret}
      onDone={() => onClose(false)}
    />
  );
}

export const webhookActions: Record<string, ResourceAction> = {
  'reveal-webhook-endpoint-secret': { Dialog: RevealSecret },
};
