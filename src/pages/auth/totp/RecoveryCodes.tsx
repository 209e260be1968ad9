import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';

/** The recovery codes, shown once: to read, and to download as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {translate('auth.totp.recoveryTitle')}
      </Typography>
      <Alert severity="warning">{translate('auth.totp.recoveryHelp')}</Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 3 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          {translate('auth.totp.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('auth.totp.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}
