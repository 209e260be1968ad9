import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { RevealSecret } from '../inputs/RevealSecret.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

/**
 * A row action "Reveal secret" keyed by its permission id: a dialog naming the row, saying what the
 * secret is for (`intro`, an i18n key), and the one RevealSecret (masked, Reveal, Copy, Hide, a
 * refusal's message), which reads `GET {api}/{id}/secret` answered as `{ data: { secret } }`.
 */
export function revealSecretAction({
  api,
  permission,
  intro,
  masked,
  visible,
}: {
  /** The resource's API path, e.g. `/forwarding-destinations`. */
  api: string;
  permission: string;
  intro: string;
  /** The secret's masked start as the row carries it, if it does. */
  masked?(record: RaRecord): string;
  visible?(record: RaRecord): boolean;
}): Record<string, ResourceAction> {
  function SecretDialog({ record, onClose }: ActionDialogProps) {
    const translate = useTranslate();
    return (
      <Dialog
        open
        onClose={() => onClose(false)}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="sm"
        aria-labelledby="reveal-secret-title"
      >
        <DialogTitle id="reveal-secret-title">
          {translate('secret.title', { name: String(record?.name ?? '') })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate(intro)}</DialogContentText>
          <RevealSecret
            label={translate('secret.label')}
            masked={record && masked ? masked(record) : ''}
            permission={permission}
            load={async () => {
              const answer = await apiCall<{ data: { secret: string | null } }>(`${api}/${record!.id}/secret`);
              return answer.data.secret ?? '';
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => onClose(false)}>
            {translate('secret.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return { [permission]: { visible, Dialog: SecretDialog } };
}
