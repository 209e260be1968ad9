import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A value the server answers whole once (a webhook endpoint's signing secret, right after Add) or to
 * a holder of its reveal permission: shown read-only, with Copy, until the user is done.
 */
export function ShownOnceDialog({
  title,
  message,
  value,
  onDone,
}: {
  title: string;
  message: string;
  value: string;
  onDone(): void;
}) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onDone} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="sm">
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(message)}</DialogContentText>
        <TextField
          fullWidth
          value={value}
          label={translate(title)}
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'shown-once-value', style: { fontFamily: 'monospace' } },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{translate(copied ? 'webhooks.copied' : 'webhooks.copy')}</Button>
        <Button variant="contained" onClick={onDone}>
          {translate('webhooks.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
