import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQrCode } from '../../../qr-code.ts';

/** A new authenticator's QR code and key, for the user's app to read. */
export function AuthenticatorSetup({ uri, secret }: { uri: string; secret: string }) {
  const translate = useTranslate();
  const qr = useQrCode(uri);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{translate('auth.totp.scan')}</Typography>
      <Box sx={{ width: 200, height: 200 }}>
        {qr && <Box component="img" src={qr} alt={translate('auth.totp.title')} sx={{ width: 200, height: 200 }} />}
      </Box>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {translate('auth.totp.key')}:{' '}
        <Box component="code" data-testid="totp-key" sx={{ fontSize: 15 }}>
          {secret.match(/.{1,4}/g)?.join(' ')}
        </Box>
      </Typography>
    </Stack>
  );
}
