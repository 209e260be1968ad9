import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { apiCall } from '../../../providers/httpClient.ts';
import { errorMessage } from '../../pages/auth/useFormCall.tsx';

/** What shows in place of a secret whose masked start the record does not carry. */
const HIDDEN = '••••••••••••';

/** The message of a reveal that failed: a refusal (no permission, or a record not the caller's) in words of its own. */
function failure(error: unknown, translate: ReturnType<typeof useTranslate>) {
  const status = (error as { status?: number })?.status;
  if (status === 401 || status === 403 || status === 404) return translate('secret.refused');
  return translate('secret.failed', { message: errorMessage(error, translate('auth.somethingWrong')) });
}

/**
 * The one way a secret made by the server (an alert rule's webhook secret, a forwarding destination's
 * or a change webhook endpoint's signing secret) is revealed: shown masked; a user holding
 * `permission` reveals it whole with one button, which asks the server's route (that checks the
 * permission again and the organisation scope, and writes the reveal to the audit log), then copies
 * it with another or hides it again. A refusal shows its message in place. Nothing is kept once the
 * page or dialog is left. The edit form's declared field (DeclaredSecret) and the row actions'
 * dialog (actions/revealSecretAction.tsx) both use it.
 */
export function RevealSecret({
  label,
  masked,
  permission,
  load,
}: {
  /** The field's label, translated. */
  label: string;
  /** The secret's start as the record shows it; empty when the record carries none. */
  masked: string;
  permission: string;
  /** Asks the server for the whole secret. */
  load(): Promise<string>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  // a permission id of no declared resource is checked as itself (providers/resourceAccess.ts)
  const { canAccess } = useCanAccess({ resource: permission, action: permission });
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    setBusy(true);
    setError(null);
    try {
      setSecret(await load());
    } catch (caught) {
      setError(failure(caught, translate));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      notify('secret.copied', { type: 'success' });
    } catch {
      notify('secret.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <TextField
        label={label}
        value={secret ?? (masked || HIDDEN)}
        fullWidth
        slotProps={{
          inputLabel: { shrink: true },
          input: { readOnly: true, sx: { fontFamily: 'monospace' } },
          htmlInput: { 'aria-label': label, spellCheck: false },
        }}
        onFocus={(e) => e.target.select()}
        sx={{ '& input': { textOverflow: 'ellipsis' } }}
      />
      {!canAccess && (
        <Typography variant="caption" color="text.secondary">
          {translate('secret.hidden')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {canAccess && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {secret === null ? (
            <Button variant="outlined" startIcon={<VisibilityIcon />} disabled={busy} onClick={() => void reveal()}>
              {translate('secret.reveal')}
            </Button>
          ) : (
            <>
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                {translate('secret.copy')}
              </Button>
              <Button startIcon={<VisibilityOffIcon />} onClick={() => setSecret(null)}>
                {translate('secret.hide')}
              </Button>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * A declared field's secret (`reveal` on a read-only text field): the record's masked value, and
 * the whole one from `GET {api}/{id}/{path}`, answered as `{ data: { [field]: secret } }`.
 */
export function DeclaredSecret({
  api,
  name,
  label,
  reveal,
}: {
  api: string;
  name: string;
  label: string;
  reveal: { permission: string; path: string };
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record?.id) return null;
  const masked = typeof record[name] === 'string' ? (record[name] as string) : '';
  return (
    <RevealSecret
      label={translate(label)}
      masked={masked}
      permission={reveal.permission}
      load={async () => {
        const answer = await apiCall<{ data: Record<string, string | null> }>(`${api}/${record.id}/${reveal.path}`);
        return answer.data[name] ?? '';
      }}
    />
  );
}
