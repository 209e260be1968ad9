import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { apiCall } from '../../../providers/httpClient.ts';

/**
 * A secret made by the server (a webhook's signing secret), shown masked; a user holding
 * `permission` reveals it whole with one button, which asks the server's route (that checks the
 * permission again and the organisation scope), and copies it with another. Nothing is kept once
 * the page is left. Any screen with such a secret uses it: give it the masked text and how to load the whole.
 */
export function RevealSecret({
  label,
  masked,
  permission,
  load,
}: {
  /** The field's label, translated. */
  label: string;
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
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    setBusy(true);
    try {
      setSecret(await load());
    } catch (error) {
      notify('secret.failed', { type: 'error', messageArgs: { message: (error as Error).message } });
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
        value={secret ?? masked}
        fullWidth
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: 'monospace' } },
          htmlInput: { 'aria-label': label, spellCheck: false },
        }}
        sx={{ '& input': { textOverflow: 'ellipsis' } }}
      />
      {!canAccess && (
        <Typography variant="caption" color="text.secondary">
          {translate('secret.hidden')}
        </Typography>
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
