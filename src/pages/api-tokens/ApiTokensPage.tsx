import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { HttpError, useGetIdentity, useNotify, usePermissions, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { allPermissionIds } from '../../../resources/modules.ts';
import { formatDateTime } from '../../../core/format/date.ts';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { CreateTokenDialog, ShownOnceDialog, type MadeToken } from './CreateTokenDialog.tsx';

interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  readOnly: boolean;
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
}

const statusOf = (token: ApiToken) =>
  token.revokedAt ? 'revoked' : Date.parse(token.expiresAt) <= Date.now() ? 'expired' : 'active';

/** The signed-in user's API tokens (docs/api.md): make one (its secret shown once), see last use, revoke. */
export function ApiTokensPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const held = useMemo(
    () => new Set(identity?.isSuperAdmin ? allPermissionIds() : (permissions ?? [])),
    [identity?.isSuperAdmin, permissions],
  );
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<MadeToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const fail = useCallback(
    (caught: unknown) => notify(caught instanceof HttpError ? caught.message : 'api.request.failed', { type: 'error' }),
    [notify],
  );
  const load = useCallback(
    () =>
      apiCall<{ data: ApiToken[] }>('/api-tokens')
        .then((answer) => setTokens(answer.data))
        .catch(fail),
    [fail],
  );
  useEffect(() => void load(), [load]);
  const revoke = async (token: ApiToken) => {
    setRevoking(null);
    try {
      await apiCall(`/api-tokens/${token.id}`, 'DELETE');
      notify('apiTokens.messages.revoked', { type: 'success' });
    } catch (caught) {
      fail(caught);
    }
    await load();
  };
  return (
    <>
      <PageHeader
        title="apiTokens.title"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('apiTokens.create')}
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('apiTokens.intro')}
      </Alert>
      {tokens?.length === 0 && <Typography color="text.secondary">{translate('apiTokens.none')}</Typography>}
      <Stack spacing={1.5}>
        {tokens?.map((token) => (
          <TokenCard key={token.id} token={token} onRevoke={() => setRevoking(token)} />
        ))}
      </Stack>
      {creating && (
        <CreateTokenDialog
          held={held}
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setMade(answer);
            notify('apiTokens.messages.created', { type: 'success' });
            void load();
          }}
        />
      )}
      {made && <ShownOnceDialog made={made} onClose={() => setMade(null)} />}
      {revoking && (
        <Dialog open onClose={() => setRevoking(null)} maxWidth="xs">
          <DialogContent>{translate('apiTokens.revokeConfirm', { name: revoking.name })}</DialogContent>
          <DialogActions>
            <Button onClick={() => setRevoking(null)}>{translate('apiTokens.cancel')}</Button>
            <Button color="error" variant="contained" onClick={() => void revoke(revoking)}>
              {translate('apiTokens.revoke')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function TokenCard({ token, onRevoke }: { token: ApiToken; onRevoke(): void }) {
  const translate = useTranslate();
  const status = statusOf(token);
  return (
    <Card variant="outlined" data-testid="api-token" aria-label={token.name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {token.name}
          </Typography>
          <Chip
            size="small"
            label={translate(`apiTokens.status.${status}`)}
            color={status === 'active' ? 'success' : 'default'}
          />
          <Box sx={{ flex: 1 }} />
          {status === 'active' && (
            <Button size="small" color="error" variant="outlined" onClick={onRevoke}>
              {translate('apiTokens.revoke')}
            </Button>
          )}
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Field label="apiTokens.columns.prefix">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {token.prefix}…
            </Box>
          </Field>
          <Field label="apiTokens.columns.permissions">
            {token.permissions.length} ·{' '}
            {translate(token.readOnly ? 'apiTokens.access.readOnly' : 'apiTokens.access.readWrite')}
          </Field>
          <Field label="apiTokens.columns.expires">{formatDateTime(token.expiresAt)}</Field>
          <Field label="apiTokens.columns.lastUsed">
            {token.lastUsedAt
              ? `${formatDateTime(token.lastUsedAt)} · ${token.lastUsedAddress ?? ''}`
              : translate('apiTokens.never')}
          </Field>
        </Box>
      </CardContent>
    </Card>
  );
}
