import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { API_TOKEN_DAY_CHOICES, MAX_API_TOKEN_NAME } from '../../../core/api-tokens.ts';
import { PermissionPicker } from './PermissionPicker.tsx';

export interface MadeToken {
  id: string;
  name: string;
  token: string;
}

/** A token's name, expiry, read-only switch and permissions; the server's answer carries its secret, once. */
export function CreateTokenDialog({
  held,
  onClose,
  onCreated,
}: {
  held: ReadonlySet<string>;
  onClose(): void;
  onCreated(made: MadeToken): void;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(30);
  const [readOnly, setReadOnly] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(translate('apiTokens.messages.nameRequired'));
    if (!chosen.size) return setError(translate('apiTokens.messages.permissionsRequired'));
    setBusy(true);
    setError(null);
    try {
      const answer = await apiCall<{ data: MadeToken }>('/api-tokens', 'POST', {
        name: name.trim(),
        expiresInDays: days,
        permissions: [...chosen],
        readOnly,
      });
      onCreated(answer.data);
    } catch (caught) {
      setError(caught instanceof HttpError ? caught.message : translate('api.request.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="create-token-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="create-token-title">{translate('apiTokens.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('apiTokens.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MAX_API_TOKEN_NAME } }}
              required
              fullWidth
            />
            <TextField
              select
              label={translate('apiTokens.expiresIn')}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              fullWidth
            >
              {API_TOKEN_DAY_CHOICES.map((d) => (
                <MenuItem key={d} value={d}>
                  {translate('apiTokens.days', { smart_count: d })}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />}
              label={translate('apiTokens.readOnly')}
            />
            <PermissionPicker held={held} chosen={chosen} onChange={setChosen} />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('apiTokens.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('apiTokens.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The new token's secret, shown this once with a copy button. */
export function ShownOnceDialog({ made, onClose }: { made: MadeToken; onClose(): void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(made.token);
    setCopied(true);
  };
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="token-shown-title">
      <DialogTitle id="token-shown-title">{made.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate('apiTokens.shownOnce')}</Alert>
          <TextField
            value={made.token}
            label={translate('apiTokens.columns.prefix')}
            fullWidth
            multiline
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'new-token', style: { fontFamily: 'monospace' } },
            }}
            onFocus={(e) => e.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{translate(copied ? 'apiTokens.copied' : 'apiTokens.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {translate('apiTokens.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
